import { Button, Content } from '@patternfly/react-core';
import { useState } from 'react';
import { request } from '../../api/fetcher';
import { errorText } from './api';
import { PasswordConfirmForm } from './PasswordConfirmForm';
import { RecoveryCodesList } from './RecoveryCodesList';
import { SectionCard } from './SectionCard';
import { TotpSetup, type TotpSecret } from './TotpSetup';
import { useTimedMessage } from './useTimedMessage';

export interface TotpSectionProps {
  enabled: boolean;
  /** Reloads the profile after a change. */
  onChanged: () => void;
}

/** "2FA TOTP app": set up (secret → confirm code → recovery codes once) or disable. */
export function TotpSection({ enabled, onChanged }: TotpSectionProps) {
  const [setup, setSetup] = useState<TotpSecret>();
  const [codes, setCodes] = useState<string[]>();
  const [starting, setStarting] = useState(false);
  const { message, success, failure } = useTimedMessage();

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await request<TotpSecret>('/api/auth/totp/setup', { method: 'POST' }));
    } catch (e) {
      failure(errorText(e));
    } finally {
      setStarting(false);
    }
  };

  const confirm = async (code: string) => {
    try {
      const answer = await request<{ recoveryCodes: string[] }>('/api/auth/totp/enable', {
        method: 'POST',
        body: { code },
      });
      setSetup(undefined);
      setCodes(answer.recoveryCodes);
      success('Two-factor authentication is on.');
      onChanged();
    } catch (e) {
      failure(errorText(e));
    }
  };

  const disable = async (password: string) => {
    try {
      await request('/api/auth/totp/disable', { method: 'POST', body: { password } });
      success('Two-factor authentication is off.');
      onChanged();
    } catch (e) {
      failure(errorText(e));
    }
  };

  let body;
  if (setup)
    body = <TotpSetup setup={setup} onConfirm={confirm} onCancel={() => setSetup(undefined)} />;
  else if (enabled)
    body = (
      <>
        <Content component="p">
          An authenticator app is set up. Signing in asks for its code after your password.
        </Content>
        <PasswordConfirmForm
          id="totp-disable-password"
          submitLabel="Disable authenticator app"
          variant="danger"
          onSubmit={disable}
        />
      </>
    );
  else
    body = (
      <>
        <Content component="p">
          Use an authenticator app (a TOTP app) for a second step when signing in.
        </Content>
        <Button onClick={() => void start()} isLoading={starting} isDisabled={starting}>
          Set up authenticator app
        </Button>
      </>
    );

  return (
    <SectionCard title="2FA TOTP app" message={message}>
      {/* Kept above the rest: the profile reloads (enabled) while the codes are still shown. */}
      {codes && <RecoveryCodesList codes={codes} onDone={() => setCodes(undefined)} />}
      {body}
    </SectionCard>
  );
}
