import { Button, Form, FormGroup, TextInput } from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';

export interface PasswordConfirmFormProps {
  /** Names the field, so two such forms on the page are told apart. */
  id: string;
  submitLabel: string;
  variant?: 'primary' | 'danger' | 'secondary';
  /** Resolves whether it worked; the field is cleared either way. */
  onSubmit: (password: string) => Promise<unknown>;
}

/** A password and one button, for two-factor changes that must be confirmed by the owner. */
export function PasswordConfirmForm({
  id,
  submitLabel,
  variant = 'primary',
  onSubmit,
}: PasswordConfirmFormProps) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(password);
    } finally {
      setPassword('');
      setBusy(false);
    }
  };
  return (
    <Form onSubmit={(e) => void submit(e)} isHorizontal>
      <FormGroup label="Password" isRequired fieldId={id}>
        <TextInput
          id={id}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(_e, v) => setPassword(v)}
          isRequired
        />
      </FormGroup>
      <div>
        <Button type="submit" variant={variant} isLoading={busy} isDisabled={busy || !password}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
