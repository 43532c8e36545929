import { ActionGroup, Alert, Button, Content, Form } from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { request } from '../../api/fetcher';
import { AuthCard } from './AuthCard';
import { identityOutcome } from './identityErrors';
import { PasswordField } from './PasswordField';
import { passwordProblem } from './passwordRule';

export const NO_RECOVERY_TOKEN_TEXT =
  'Vigil does not send e-mail. To reset your password, ask an administrator to create a recovery link for you from the Users page (Settings → Users → Recovery link), then open that link.';

/** /recovery?token=…: set a new password from a recovery link; without one, say how to get one. */
export function RecoveryPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? '';
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
      const answer = await request<{ message: string; flow?: string }>('/api/auth/recovery', {
        method: 'POST',
        body: { token, password },
        noAuthRedirect: true,
      });
      // With two-factor authentication on, the new password is set but signing in still
      // needs the authenticator code: the sign-in page's code step takes over.
      if (answer?.message === 'second_factor_required' && answer.flow) {
        window.location.assign(`/login?aal=aal2&flow=${encodeURIComponent(answer.flow)}`);
        return;
      }
      // The answer carries a session: a full load opens the console signed in.
      window.location.assign('/');
    } catch (e) {
      const outcome = identityOutcome(e);
      if (outcome.kind === 'redirect') {
        window.location.assign(outcome.to);
        return;
      }
      // A used or expired link cannot be retried: back to the explanation of how to get one.
      if (outcome.kind === 'restart') setParams({}, { replace: true });
      setError(outcome.text);
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Recover account">
      {error && (
        <Alert
          variant="danger"
          isInline
          isPlain
          title={error}
          style={{ marginBottom: 'var(--pf-t--global--spacer--md)' }}
        />
      )}
      {token ? (
        <Form onSubmit={(e) => void submit(e)}>
          <PasswordField
            id="recovery-password"
            label="New password"
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
              isDisabled={busy || !password}
            >
              Save password
            </Button>
          </ActionGroup>
        </Form>
      ) : (
        <Content component="p">{NO_RECOVERY_TOKEN_TEXT}</Content>
      )}
      <Content component="p" style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}>
        <Link to="/login">Back to sign in</Link>
      </Content>
    </AuthCard>
  );
}
