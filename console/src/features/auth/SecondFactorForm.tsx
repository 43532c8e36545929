import { ActionGroup, Button, Form, FormGroup, TextInput } from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';

export interface SecondFactorFormProps {
  busy: boolean;
  onSubmit: (code: string) => void;
}

/** The code step of sign-in: an authenticator app code, or one of the recovery codes. */
export function SecondFactorForm({ busy, onSubmit }: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  return (
    <Form onSubmit={submit}>
      <FormGroup
        label={recovery ? 'Recovery code' : 'Authentication code'}
        isRequired
        fieldId="login-code"
      >
        <TextInput
          id="login-code"
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          value={code}
          onChange={(_e, v) => setCode(v)}
          isRequired
          autoFocus
        />
      </FormGroup>
      <ActionGroup>
        <Button
          type="submit"
          variant="primary"
          isBlock
          isLoading={busy}
          isDisabled={busy || !code.trim()}
        >
          Verify
        </Button>
      </ActionGroup>
      {/* The server takes either kind of code; switching only changes what the field asks for. */}
      <Button variant="link" isInline onClick={() => setRecovery((r) => !r)}>
        {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
      </Button>
    </Form>
  );
}
