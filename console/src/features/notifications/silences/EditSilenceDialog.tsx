import { Alert, Bullseye, Button, Form, Spinner } from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/Dialog/Dialog';
import { SourceLink, isExternal } from '../../../components/SourceLink/SourceLink';
import { useToast } from '../../../components/Toast/useToast';
import { errorText } from '../../../lib/settingsResource';
import { SILENCE_UPDATED_TOAST } from '../messages';
import { updateSilence, useSilence } from './api';
import { SilenceFields } from './SilenceFields';
import {
  fromSilenceRecord,
  toSilencePatch,
  validateSilence,
  type SilenceFormValues,
} from './silenceModel';

const FORM_ID = 'notification-silence-form';
const TITLE = 'Edit Notification Silence';

export interface EditSilenceDialogProps {
  id: string;
  canWrite: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/** A silence opened from its row (?id=), saved with PATCH notification_silences?id=eq.X. */
export function EditSilenceDialog(props: EditSilenceDialogProps) {
  const { silence, error, isLoading } = useSilence(props.id);
  if (silence) {
    return <SilenceEditor key={props.id} {...props} initial={fromSilenceRecord(silence)} />;
  }
  return (
    <Dialog isOpen onClose={props.onClose} title={TITLE}>
      {isLoading ? (
        <Bullseye>
          <Spinner aria-label="Loading" />
        </Bullseye>
      ) : (
        <Alert
          variant={error ? 'danger' : 'warning'}
          isInline
          title={error ? error.message : 'Notification silence not found'}
        />
      )}
    </Dialog>
  );
}

function SilenceEditor({
  id,
  canWrite,
  onClose,
  onChanged,
  initial,
}: EditSilenceDialogProps & { initial: SilenceFormValues }) {
  const { addToast } = useToast();
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const editable = canWrite && !isExternal({ source: initial.source });
  const errors = validateSilence(values);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editable) return;
    setAttempted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await updateSilence(id, toSilencePatch(values));
      addToast({ variant: 'success', title: SILENCE_UPDATED_TOAST });
      onChanged();
      onClose();
    } catch (e) {
      addToast({ variant: 'danger', title: errorText(e) });
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={TITLE}
      size="medium"
      footer={
        <>
          {editable && (
            <Button type="submit" form={FORM_ID} isLoading={busy} isDisabled={busy}>
              Save
            </Button>
          )}
          <Button variant="link" onClick={onClose}>
            {editable ? 'Cancel' : 'Close'}
          </Button>
        </>
      }
    >
      {isExternal({ source: initial.source }) && (
        <Alert
          variant="info"
          isInline
          title="This silence is managed outside the console and cannot be edited here"
          style={{ marginBottom: 'var(--pf-t--global--spacer--md)' }}
        >
          Source: <SourceLink row={{ source: initial.source }} />
        </Alert>
      )}
      <Form id={FORM_ID} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset
          disabled={!editable}
          style={{ border: 0, padding: 0, margin: 0, display: 'contents' }}
        >
          <SilenceFields values={values} onChange={setValues} errors={attempted ? errors : {}} />
        </fieldset>
      </Form>
    </Dialog>
  );
}
