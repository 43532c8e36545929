import {
  Button,
  Form,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  Switch,
  TextInput,
} from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { validateUser, type UserFormErrors, type UserFormValues } from './userForm';

export interface UserFormDialogProps {
  title: string;
  submitLabel: string;
  initial: UserFormValues;
  roles: readonly string[];
  /** Edit shows the active switch; an invitation is always active. */
  withActive?: boolean;
  /** Resolves when done; a rejection keeps the dialog open (the page has said why). */
  onSubmit: (values: UserFormValues) => Promise<void>;
  onClose: () => void;
}

type Field = keyof UserFormErrors;

function FieldError({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <FormHelperText>
      <HelperText>
        <HelperTextItem variant="error">{text}</HelperTextItem>
      </HelperText>
    </FormHelperText>
  );
}

/** The Invite User and Edit User form (spec 002 §5). Mount it only while open: it starts fresh. */
export function UserFormDialog(props: UserFormDialogProps) {
  const { title, submitLabel, initial, roles, withActive = false, onSubmit, onClose } = props;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = validateUser(values);
  const shown = (field: Field) => (attempted || touched.has(field) ? errors[field] : undefined);
  const set = (patch: Partial<UserFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const touch = (field: Field) => setTouched((t) => new Set(t).add(field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({ ...values, email: values.email.trim() });
    } catch {
      setBusy(false);
    }
  };

  const text = (field: 'firstName' | 'lastName' | 'email', label: string, type = 'text') => (
    <FormGroup label={label} isRequired fieldId={`user-${field}`}>
      <TextInput
        id={`user-${field}`}
        type={type as 'text'}
        value={values[field]}
        onChange={(_e, v) => set({ [field]: v })}
        onBlur={() => touch(field)}
        validated={shown(field) ? 'error' : 'default'}
      />
      <FieldError text={shown(field)} />
    </FormGroup>
  );

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={title}
      size="small"
      footer={
        <>
          <Button type="submit" form="user-form" isLoading={busy} isDisabled={busy}>
            {submitLabel}
          </Button>
          <Button variant="link" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <Form id="user-form" onSubmit={(e) => void submit(e)} noValidate>
        {text('firstName', 'First name')}
        {text('lastName', 'Last name')}
        {text('email', 'Email', 'email')}
        <FormGroup label="Role" isRequired fieldId="user-role">
          <FormSelect
            id="user-role"
            value={values.role}
            onChange={(_e, v) => set({ role: v })}
            onBlur={() => touch('role')}
            validated={shown('role') ? 'error' : 'default'}
          >
            <FormSelectOption value="" label="Select a role" isPlaceholder />
            {roles.map((role) => (
              <FormSelectOption key={role} value={role} label={role} />
            ))}
          </FormSelect>
          <FieldError text={shown('role')} />
        </FormGroup>
        {withActive && (
          <FormGroup label="Active" fieldId="user-active">
            <Switch
              id="user-active"
              aria-label="Active"
              isChecked={values.active}
              onChange={(_e, checked) => set({ active: checked })}
            />
          </FormGroup>
        )}
      </Form>
    </Dialog>
  );
}
