import {
  ActionGroup,
  Alert,
  Button,
  Card,
  CardBody,
  CardTitle,
  Bullseye,
  Form,
  FormGroup,
  TextInput,
  Title,
} from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { request } from '../../api/fetcher';
import { safeReturnTo } from './returnTo';

export function LoginPage() {
  const [params] = useSearchParams();
  const [username, setUsername] = useState(params.get('username') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const returnTo = safeReturnTo(params.get('return_to'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await request('/api/auth/login', {
        method: 'POST',
        body: { username, password },
        noAuthRedirect: true,
      });
      // A full load, so every cache starts fresh for the signed-in user.
      window.location.assign(returnTo);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <Bullseye
      style={{
        minHeight: '100vh',
        background: 'var(--pf-t--global--background--color--secondary--default)',
      }}
    >
      <Card style={{ width: 420 }}>
        <CardTitle>
          <Title headingLevel="h1" size="2xl">
            Sign In to your account
          </Title>
        </CardTitle>
        <CardBody>
          <Form onSubmit={(e) => void submit(e)}>
            {error && <Alert variant="danger" isInline isPlain title={error} />}
            <FormGroup label="Email" isRequired fieldId="login-username">
              <TextInput
                id="login-username"
                name="username"
                type="email"
                autoComplete="username"
                value={username}
                onChange={(_e, v) => setUsername(v)}
                isRequired
                autoFocus
              />
            </FormGroup>
            <FormGroup label="Password" isRequired fieldId="login-password">
              <TextInput
                id="login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(_e, v) => setPassword(v)}
                isRequired
              />
            </FormGroup>
            <ActionGroup>
              <Button
                type="submit"
                variant="primary"
                isBlock
                isLoading={busy}
                isDisabled={busy || !username || !password}
              >
                Sign in
              </Button>
            </ActionGroup>
            <Link to="/recovery">Reset password</Link>
          </Form>
        </CardBody>
      </Card>
    </Bullseye>
  );
}
