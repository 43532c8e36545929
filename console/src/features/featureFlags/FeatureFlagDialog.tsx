import { Alert, Button, Form, FormGroup, TextInput } from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { validateFlag, type FlagFormValues } from './flagForm';

export interface FeatureFlagDialogProps {
  /** Editing keeps the name; adding asks for it. */
  mode: 'add' | 'edit';
  initial: FlagFormValues;
  /** Resolves when saved; a rejection keeps the dialog open (the page has said why). */
  onSubmit: (values: FlagFormValues) => Promise<void>;
  onClose: () => void;
}

/** Add or edit one feature flag. Mount it only while open: it starts fresh. */
export function FeatureFlagDialog({ mode, initial, onSubmit, onClose }: FeatureFlagDialogProps) {
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = attempted ? validateFlag(values) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (validateFlag(values)) return;
    setBusy(true);
    try {
      await onSubmit({ name: values.name.trim(), value: values.value });
    } catch {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={mode === 'add' ? 'Add Feature Flag' : 'Edit Feature Flag'}
      size="small"
      canExpand={false}
      footer={
        <>
          <Button type="submit" form="feature-flag-form" isLoading={busy} isDisabled={busy}>
            Save
          </Button>
          <Button variant="link" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <Form id="feature-flag-form" onSubmit={(e) => void submit(e)} noValidate>
        {error && <Alert variant="danger" isInline isPlain title={error} />}
        <FormGroup label="Name" isRequired fieldId="feature-flag-name">
          <TextInput
            id="feature-flag-name"
            value={values.name}
            isDisabled={mode === 'edit'}
            onChange={(_e, name) => setValues((v) => ({ ...v, name }))}
            validated={error && !values.name.trim() ? 'error' : 'default'}
          />
        </FormGroup>
        <FormGroup label="Value" isRequired fieldId="feature-flag-value">
          <TextInput
            id="feature-flag-value"
            value={values.value}
            onChange={(_e, value) => setValues((v) => ({ ...v, value }))}
            validated={error && !values.value.trim() ? 'error' : 'default'}
          />
        </FormGroup>
      </Form>
    </Dialog>
  );
}
