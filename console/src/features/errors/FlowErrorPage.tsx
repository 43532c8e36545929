import {
  Bullseye,
  CodeBlock,
  CodeBlockCode,
  EmptyState,
  EmptyStateBody,
  EmptyStateFooter,
  Spinner,
} from '@patternfly/react-core';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError, request } from '../../api/fetcher';

/** Statuses meaning the error is gone or not ours to see: go home instead (spec 000 §2.2). */
const GO_HOME = new Set([403, 404, 410]);

type State = { kind: 'loading' } | { kind: 'home' } | { kind: 'shown'; details: unknown };

/** /errors/:id — an identity flow error, loaded by id. */
export function FlowErrorPage() {
  const { id = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    request(`/api/auth/errors/${encodeURIComponent(id)}`, {
      signal: controller.signal,
      noAuthRedirect: true,
    }).then(
      (details) => setState({ kind: 'shown', details }),
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        if (error instanceof ApiError && GO_HOME.has(error.status)) setState({ kind: 'home' });
        else setState({ kind: 'shown', details: { error: (error as Error).message } });
      },
    );
    return () => controller.abort();
  }, [id]);

  if (state.kind === 'home') return <Navigate to="/" replace />;
  return (
    <Bullseye style={{ minHeight: '100vh' }}>
      <EmptyState headingLevel="h1" titleText="An error occurred">
        <EmptyStateBody>
          {state.kind === 'loading' ? (
            <Spinner size="lg" aria-label="Loading error details" />
          ) : (
            <CodeBlock>
              <CodeBlockCode>{JSON.stringify(state.details, null, 2)}</CodeBlockCode>
            </CodeBlock>
          )}
        </EmptyStateBody>
        <EmptyStateFooter>
          <Link to="/">Go back</Link>
        </EmptyStateFooter>
      </EmptyState>
    </Bullseye>
  );
}
