import {
  Button,
  Form,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Switch,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { FieldError } from './FieldError';
import { PERMISSION_ACTIONS, validatePermission, type PermissionFormValues } from './model';
import { TargetFields } from './TargetFields';

export interface PermissionDialogProps {
  initial: PermissionFormValues;
  /** Resolves when saved; a rejection keeps the dialog open (the page has said why). */
  onSubmit: (values: PermissionFormValues) => Promise<void>;
  onClose: () => void;
}

/** Add or Edit a permission (spec 002 §4, §5). Mount it only while open: it starts fresh. */
export function PermissionDialog({ initial, onSubmit, onClose }: PermissionDialogProps) {
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = validatePermission(values);
  const shown = attempted ? errors : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(values);
    } catch {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={values.id ? 'Edit Permission' : 'Add Permission'}
      size="medium"
      footer={
        <>
          <Button type="submit" form="permission-form" isLoading={busy} isDisabled={busy}>
            Save
          </Button>
          <Button variant="link" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <Form id="permission-form" onSubmit={(e) => void submit(e)} noValidate>
        <TargetFields values={values} onChange={setValues} errors={shown} />
        <FormGroup label="Action" isRequired fieldId="permission-action">
          <FormSelect
            id="permission-action"
            value={values.action}
            validated={shown.action ? 'error' : 'default'}
            onChange={(_e, action) => setValues({ ...values, action })}
          >
            <FormSelectOption value="" label="Select an action" isPlaceholder />
            {PERMISSION_ACTIONS.map(({ value, label }) => (
              <FormSelectOption key={value} value={value} label={label} />
            ))}
          </FormSelect>
          <FieldError text={shown.action} />
        </FormGroup>
        <FormGroup label="Deny" fieldId="permission-deny">
          <Switch
            id="permission-deny"
            aria-label="Deny"
            isChecked={values.deny}
            onChange={(_e, deny) => setValues({ ...values, deny })}
          />
        </FormGroup>
        <FormGroup label="Description" fieldId="permission-description">
          <TextArea
            id="permission-description"
            value={values.description}
            onChange={(_e, description) => setValues({ ...values, description })}
            resizeOrientation="vertical"
          />
        </FormGroup>
        <FormGroup label="Until" fieldId="permission-until">
          <TextInput
            id="permission-until"
            type="datetime-local"
            value={values.until}
            onChange={(_e, until) => setValues({ ...values, until })}
          />
        </FormGroup>
      </Form>
    </Dialog>
  );
}
