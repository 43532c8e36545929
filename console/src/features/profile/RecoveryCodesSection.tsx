import { Content } from '@patternfly/react-core';
import { useState } from 'react';
import { request } from '../../api/fetcher';
import { errorText } from './api';
import { PasswordConfirmForm } from './PasswordConfirmForm';
import { RecoveryCodesList } from './RecoveryCodesList';
import { SectionCard } from './SectionCard';
import { useTimedMessage } from './useTimedMessage';

export interface RecoveryCodesSectionProps {
  totpEnabled: boolean;
  remaining: number;
  onChanged: () => void;
}

/** "2FA backup recovery codes": how many are left, and a new set replacing the old. */
export function RecoveryCodesSection({
  totpEnabled,
  remaining,
  onChanged,
}: RecoveryCodesSectionProps) {
  const [codes, setCodes] = useState<string[]>();
  const { message, success, failure } = useTimedMessage();

  const regenerate = async (password: string) => {
    try {
      const answer = await request<{ recoveryCodes: string[] }>('/api/auth/recovery_codes', {
        method: 'POST',
        body: { password },
      });
      setCodes(answer.recoveryCodes);
      success('New recovery codes were created; the old ones no longer work.');
      onChanged();
    } catch (e) {
      failure(errorText(e));
    }
  };

  return (
    <SectionCard title="2FA backup recovery codes" message={message}>
      {codes && <RecoveryCodesList codes={codes} onDone={() => setCodes(undefined)} />}
      {totpEnabled ? (
        <>
          <Content component="p">
            {remaining === 1
              ? '1 unused recovery code left.'
              : `${remaining} unused recovery codes left.`}
          </Content>
          <PasswordConfirmForm
            id="recovery-codes-password"
            submitLabel="Generate new recovery codes"
            variant="secondary"
            onSubmit={regenerate}
          />
        </>
      ) : (
        // Recovery codes stand in for the app's code, so they only matter once the app is set up.
        <Content component="p">Set up an authenticator app first to use recovery codes.</Content>
      )}
    </SectionCard>
  );
}
