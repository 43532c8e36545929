import { Bullseye, Spinner } from '@patternfly/react-core';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useProperties, useWhoami, type Whoami } from '../api/session';
import { ErrorView } from '../features/errors/ErrorView';
import { featureFlags, type FeatureFlags } from './features';

export interface Session {
  whoami: Whoami;
  enabled: FeatureFlags;
}

const SessionContext = createContext<Session | undefined>(undefined);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/**
 * Loads who the user is and the feature flags; nothing below renders until both are known, so
 * routes of disabled features never flash (spec 000 §2.2). A 401 has already redirected to sign-in.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { whoami, error: whoamiError } = useWhoami();
  const { properties, error: propertiesError } = useProperties();
  const session = useMemo(
    () => (whoami && properties ? { whoami, enabled: featureFlags(properties) } : undefined),
    [whoami, properties],
  );
  const error = whoamiError ?? propertiesError;
  if (error && (error as { status?: number }).status !== 401) return <ErrorView error={error} />;
  if (!session) {
    return (
      <Bullseye style={{ height: '100vh' }}>
        <Spinner aria-label="Loading" />
      </Bullseye>
    );
  }
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
