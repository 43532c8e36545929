import { Alert, Bullseye, Content, Spinner } from '@patternfly/react-core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { request } from '../../api/fetcher';
import { AuthCard } from './AuthCard';
import { identityOutcome } from './identityErrors';

export const NO_VERIFICATION_TOKEN_TEXT =
  'Open the verification link shown in your profile settings after changing your e-mail address.';

type State =
  { kind: 'verifying' } | { kind: 'verified'; text: string } | { kind: 'failed'; text: string };

// A link works once, so a token is posted once per page load, even when React runs the effect
// twice (StrictMode): both runs share the one request.
const pending = new Map<string, Promise<{ message?: string }>>();

function verify(token: string): Promise<{ message?: string }> {
  let call = pending.get(token);
  if (!call) {
    call = request<{ message?: string }>('/api/auth/verification', {
      method: 'POST',
      body: { token },
      noAuthRedirect: true,
    });
    pending.set(token, call);
  }
  return call;
}

/** /verification?token=…: confirms an e-mail address and shows the result. */
export function VerificationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'verifying' });

  useEffect(() => {
    if (!token) return;
    let active = true;
    verify(token).then(
      (answer) => {
        if (active)
          setState({
            kind: 'verified',
            text: answer?.message ?? 'Your email address has been verified',
          });
      },
      (error: unknown) => {
        if (!active) return;
        // 410 and 403 restart verification (spec 002 §4): the link is spent.
        const outcome = identityOutcome(error, { restartOn: [410, 403] });
        if (outcome.kind === 'redirect') window.location.assign(outcome.to);
        else setState({ kind: 'failed', text: outcome.text });
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  let body;
  if (!token) body = <Content component="p">{NO_VERIFICATION_TOKEN_TEXT}</Content>;
  else if (state.kind === 'verifying')
    body = (
      <Bullseye>
        <Spinner aria-label="Verifying" />
      </Bullseye>
    );
  else if (state.kind === 'verified')
    body = <Alert variant="success" isInline isPlain title={state.text} />;
  else
    body = (
      <>
        <Alert variant="danger" isInline isPlain title={state.text} />
        <Content component="p">{NO_VERIFICATION_TOKEN_TEXT}</Content>
      </>
    );

  return (
    <AuthCard title="Verify your account">
      {body}
      <Content component="p" style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}>
        <Link to="/">Go to the console</Link>
      </Content>
    </AuthCard>
  );
}
