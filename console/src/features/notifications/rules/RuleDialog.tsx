import { Alert, Bullseye, Button, Spinner } from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { Dialog } from '../../../components/Dialog/Dialog';
import { SourceLink } from '../../../components/SourceLink/SourceLink';
import { useToast } from '../../../components/Toast/useToast';
import { errorText } from '../../../lib/settingsResource';
import { DELETE_RULE_QUESTION, RULE_DELETED_TOAST, RULE_SAVED_TOAST } from '../messages';
import { NEW_ID } from '../paths';
import { createRule, deleteRule, updateRule, useRule } from './api';
import { RULE_FORM_ID, RuleForm } from './RuleForm';
import {
  EMPTY_RULE,
  fromRecord,
  isUiRule,
  toPayload,
  validateRule,
  type RuleFormValues,
} from './ruleModel';

export interface RuleDialogProps {
  /** A rule id, or 'new'. */
  id: string;
  canWrite: boolean;
  userId: string;
  onClose: () => void;
  /** After a save or delete: the list reloads. */
  onChanged: () => void;
}

/** Create or edit a notification rule, opened by ?id= on /notifications/rules. */
export function RuleDialog(props: RuleDialogProps) {
  const isNew = props.id === NEW_ID;
  const { rule, error, isLoading } = useRule(isNew ? '' : props.id);
  const title = isNew ? 'Add Notification Rule' : 'Edit Notification Rule';
  if (isNew || rule) {
    return (
      <RuleEditor
        // A different rule starts a fresh form.
        key={props.id}
        {...props}
        title={title}
        initial={rule ? fromRecord(rule) : EMPTY_RULE}
      />
    );
  }
  return (
    <Dialog isOpen onClose={props.onClose} title={title}>
      {isLoading ? (
        <Bullseye>
          <Spinner aria-label="Loading" />
        </Bullseye>
      ) : (
        <Alert
          variant={error ? 'danger' : 'warning'}
          isInline
          title={error ? error.message : 'Notification rule not found'}
        />
      )}
    </Dialog>
  );
}

function RuleEditor({
  id,
  canWrite,
  userId,
  onClose,
  onChanged,
  title,
  initial,
}: RuleDialogProps & { title: string; initial: RuleFormValues }) {
  const { addToast } = useToast();
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editable = canWrite && isUiRule(initial.source);
  const errors = validateRule(values);
  const shown = attempted ? errors : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editable) return;
    setAttempted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const payload = toPayload(values);
      if (values.id) await updateRule(values.id, payload);
      else await createRule(payload, userId);
      addToast({ variant: 'success', title: RULE_SAVED_TOAST });
      onChanged();
      onClose();
    } catch (e) {
      addToast({ variant: 'danger', title: errorText(e) });
      setBusy(false);
    }
  };

  const remove = async () => {
    try {
      await deleteRule(id);
      addToast({ variant: 'success', title: RULE_DELETED_TOAST });
      setConfirming(false);
      onChanged();
      onClose();
    } catch (e) {
      addToast({ variant: 'danger', title: errorText(e) });
    }
  };

  return (
    <>
      <Dialog
        isOpen={!confirming}
        onClose={onClose}
        title={title}
        size="medium"
        footer={
          <>
            {editable && (
              <Button type="submit" form={RULE_FORM_ID} isLoading={busy} isDisabled={busy}>
                Save
              </Button>
            )}
            {editable && values.id && (
              <Button variant="danger" isDisabled={busy} onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
            <Button variant="link" onClick={onClose}>
              {editable ? 'Cancel' : 'Close'}
            </Button>
          </>
        }
      >
        {!isUiRule(initial.source) && (
          <Alert
            variant="info"
            isInline
            title="This rule is managed outside the console and cannot be edited here"
            style={{ marginBottom: 'var(--pf-t--global--spacer--md)' }}
          >
            Source: <SourceLink row={{ source: initial.source }} />
          </Alert>
        )}
        <RuleForm
          values={values}
          onChange={setValues}
          errors={shown}
          readOnly={!editable}
          onSubmit={(e) => void submit(e)}
        />
      </Dialog>
      <ConfirmDialog
        isOpen={confirming}
        title="Delete Notification Rule"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      >
        {DELETE_RULE_QUESTION}
      </ConfirmDialog>
    </>
  );
}
