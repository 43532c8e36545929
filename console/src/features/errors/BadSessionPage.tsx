import { Bullseye, EmptyState, EmptyStateBody, EmptyStateFooter } from '@patternfly/react-core';
import { Link, useSearchParams } from 'react-router';

export const BAD_SESSION_TEXT =
  'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.';

/** /error?error_code=...: shown when the identity layer reports a broken session. */
export function BadSessionPage() {
  const [params] = useSearchParams();
  const text = params.get('error_code') === 'BAD_SESSION' ? BAD_SESSION_TEXT : 'Unknown error';
  return (
    <Bullseye style={{ minHeight: '100vh' }}>
      <EmptyState headingLevel="h1" titleText="Error">
        <EmptyStateBody>{text}</EmptyStateBody>
        <EmptyStateFooter>
          <Link to="/">Go back</Link>
        </EmptyStateFooter>
      </EmptyState>
    </Bullseye>
  );
}
