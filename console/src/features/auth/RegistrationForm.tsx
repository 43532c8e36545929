import { ActionGroup, Alert, Button, Form, FormGroup, TextInput } from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { request } from '../../api/fetcher';
import { identityOutcome } from './identityErrors';
import { PasswordField } from './PasswordField';
import { passwordProblem } from './passwordRule';

export interface Invitation {
  email: string;
  firstName: string;
  lastName: string;
}

export interface RegistrationFormProps {
  /** The invitation token and what it says about the person; its e-mail cannot be changed. */
  invite?: { token: string; invitation: Invitation };
}

export function RegistrationForm({ invite }: RegistrationFormProps) {
  const [firstName, setFirstName] = useState(invite?.invitation.firstName ?? '');
  const [lastName, setLastName] = useState(invite?.invitation.lastName ?? '');
  const [email, setEmail] = useState(invite?.invitation.email ?? '');
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (passwordProblem(password)) return;
    setBusy(true);
    setError(undefined);
    try {
      await request('/api/auth/registration', {
        method: 'POST',
        body: { invite: invite?.token, firstName, lastName, email, password },
        noAuthRedirect: true,
      });
      // Signed in now: a full load starts the console with the new session.
      window.location.assign('/');
    } catch (e) {
      const outcome = identityOutcome(e);
      if (outcome.kind === 'redirect') window.location.assign(outcome.to);
      else setError(outcome.text);
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={(e) => void submit(e)}>
      {error && <Alert variant="danger" isInline isPlain title={error} />}
      <FormGroup label="First name" isRequired fieldId="registration-first-name">
        <TextInput
          id="registration-first-name"
          autoComplete="given-name"
          value={firstName}
          onChange={(_e, v) => setFirstName(v)}
          isRequired
        />
      </FormGroup>
      <FormGroup label="Last name" isRequired fieldId="registration-last-name">
        <TextInput
          id="registration-last-name"
          autoComplete="family-name"
          value={lastName}
          onChange={(_e, v) => setLastName(v)}
          isRequired
        />
      </FormGroup>
      <FormGroup label="Email" isRequired fieldId="registration-email">
        <TextInput
          id="registration-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(_e, v) => setEmail(v)}
          readOnlyVariant={invite ? 'default' : undefined}
          isRequired
        />
      </FormGroup>
      <PasswordField
        id="registration-password"
        label="Password"
        value={password}
        onChange={setPassword}
        showProblem={attempted}
      />
      <ActionGroup>
        <Button
          type="submit"
          variant="primary"
          isBlock
          isLoading={busy}
          isDisabled={busy || !firstName.trim() || !lastName.trim() || !email.trim() || !password}
        >
          Create account
        </Button>
      </ActionGroup>
      <Link to="/login">Already have an account? Sign in</Link>
    </Form>
  );
}
