import { Alert, Bullseye, Spinner } from '@patternfly/react-core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { request } from '../../api/fetcher';
import { AuthCard } from './AuthCard';
import { RegistrationForm, type Invitation } from './RegistrationForm';

type InviteState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'loaded'; invitation: Invitation }
  | { kind: 'failed'; message: string };

/** /registration, optionally ?invite=<token> from an invitation link (spec 002 §2). */
export function RegistrationPage() {
  const [params] = useSearchParams();
  const token = params.get('invite') ?? '';
  const [state, setState] = useState<InviteState>(() =>
    token ? { kind: 'loading' } : { kind: 'none' },
  );

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    request<Invitation>(`/api/auth/invitations/${encodeURIComponent(token)}`, {
      signal: controller.signal,
      noAuthRedirect: true,
    }).then(
      (invitation) => setState({ kind: 'loaded', invitation }),
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setState({ kind: 'failed', message: (error as Error).message });
      },
    );
    return () => controller.abort();
  }, [token]);

  return (
    <AuthCard title="Create account">
      {state.kind === 'loading' ? (
        <Bullseye>
          <Spinner aria-label="Loading invitation" />
        </Bullseye>
      ) : (
        <>
          {/* An expired or used invitation leaves open registration, which the server may refuse. */}
          {state.kind === 'failed' && (
            <Alert variant="danger" isInline isPlain title={state.message} />
          )}
          <RegistrationForm
            key={state.kind}
            invite={state.kind === 'loaded' ? { token, invitation: state.invitation } : undefined}
          />
        </>
      )}
    </AuthCard>
  );
}
