import { ActionGroup, Alert, Button, Form, FormGroup, TextInput } from '@patternfly/react-core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { request } from '../../api/fetcher';
import { AuthCard } from './AuthCard';
import { identityOutcome } from './identityErrors';
import { safeReturnTo } from './returnTo';
import { SecondFactorForm } from './SecondFactorForm';

type LoginAnswer = { message: 'success' } | { message: 'second_factor_required'; flow: string };

/**
 * /login (spec 002 §2). Parameters: return_to (where to go after), username and password
 * (prefill), refresh=true (confirm a sensitive action: "Confirm Action"), aal=aal2 with flow (go
 * straight to the code step of a flow the server already started).
 */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'));
  const refresh = params.get('refresh') === 'true';
  const [username, setUsername] = useState(params.get('username') ?? '');
  const [password, setPassword] = useState(params.get('password') ?? '');
  const [flow, setFlow] = useState(
    params.get('aal') === 'aal2' ? (params.get('flow') ?? undefined) : undefined,
  );
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // A password handed over in the URL is used once and not left in the history.
  useEffect(() => {
    if (!params.has('password')) return;
    const next = new URLSearchParams(params);
    next.delete('password');
    setParams(next, { replace: true });
  }, [params, setParams]);

  const fail = (e: unknown) => {
    const outcome = identityOutcome(e, { returnTo });
    if (outcome.kind === 'redirect') {
      window.location.assign(outcome.to);
      return;
    }
    if (outcome.kind === 'restart') {
      setFlow(undefined);
      setPassword('');
    }
    setError(outcome.text);
    setBusy(false);
  };

  // A full load, so every cache starts fresh for the signed-in user.
  const done = () => window.location.assign(returnTo);

  // Someone already signed in has nothing to do here (session_already_available): go on,
  // unless the page was opened to confirm a sensitive action or finish a second factor.
  const confirming = refresh || params.get('aal') === 'aal2';
  useEffect(() => {
    if (confirming) return;
    let live = true;
    request('/api/auth/whoami', { noAuthRedirect: true })
      .then(() => {
        if (live) window.location.assign(returnTo);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [confirming, returnTo]);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await request<LoginAnswer>('/api/auth/login', {
        method: 'POST',
        body: { username, password },
        noAuthRedirect: true,
      });
      if (answer?.message === 'second_factor_required') {
        setFlow(answer.flow);
        setBusy(false);
      } else done();
    } catch (e) {
      fail(e);
    }
  };

  const verify = async (code: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await request('/api/auth/login/second-factor', {
        method: 'POST',
        body: { flow, code },
        noAuthRedirect: true,
      });
      done();
    } catch (e) {
      // A wrong code uses up the flow; the server hands over its replacement for the next try.
      const next = (e as { body?: { flow?: unknown } }).body?.flow;
      if (typeof next === 'string') setFlow(next);
      fail(e);
    }
  };

  const title = flow
    ? 'Two-Factor Authentication'
    : refresh
      ? 'Confirm Action'
      : 'Sign In to your account';
  const description = flow
    ? 'Enter the code from your authenticator app.'
    : refresh
      ? 'Sign in again to confirm this action.'
      : undefined;
  return (
    <AuthCard title={title} description={description}>
      {/* Outside the two steps, so a message survives the switch back to the password step. */}
      {error && (
        <Alert
          variant="danger"
          isInline
          isPlain
          title={error}
          style={{ marginBottom: 'var(--pf-t--global--spacer--md)' }}
        />
      )}
      {flow ? (
        <SecondFactorForm busy={busy} onSubmit={(code) => void verify(code)} />
      ) : (
        <Form onSubmit={(e) => void signIn(e)}>
          <FormGroup label="Email" isRequired fieldId="login-username">
            <TextInput
              id="login-username"
              name="username"
              type="email"
              autoComplete="username"
              value={username}
              onChange={(_e, v) => setUsername(v)}
              isRequired
              autoFocus={!username}
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
              autoFocus={Boolean(username)}
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
      )}
    </AuthCard>
  );
}
