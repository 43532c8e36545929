import { Alert, Button, PageSection, Skeleton, Stack, StackItem } from '@patternfly/react-core';
import { ArrowLeftIcon } from '@patternfly/react-icons';
import { useLocation, useNavigate } from 'react-router';
import { usePageHeader } from '../../app/pageHeader';
import { useProfile } from './api';
import { ApiTokensSection } from './ApiTokensSection';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { RecoveryCodesSection } from './RecoveryCodesSection';
import { TotpSection } from './TotpSection';
import { UnavailableSection } from './UnavailableSection';

export const NOT_SELF_HOSTED = 'Not available for self-hosted accounts.';

/** /profile-settings — 'Your Profile' from the user menu (spec 002 §2). */
export function ProfileSettingsPage() {
  usePageHeader({ title: 'Your Profile' });
  const navigate = useNavigate();
  const location = useLocation();
  const { profile, error, mutate } = useProfile();
  const reload = () => void mutate();

  // Opened directly (no earlier page in the app), going back means going home.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));

  return (
    <PageSection>
      <Stack hasGutter style={{ maxWidth: '48rem' }}>
        <StackItem>
          <Button variant="link" isInline icon={<ArrowLeftIcon />} onClick={goBack}>
            Go back
          </Button>
        </StackItem>
        {error && (
          <StackItem>
            <Alert variant="danger" isInline title={error.message} />
          </StackItem>
        )}
        {!profile && !error && (
          <StackItem>
            <Skeleton height="12rem" screenreaderText="Loading profile" />
          </StackItem>
        )}
        {profile && (
          <>
            <StackItem>
              <ProfileForm profile={profile} onSaved={(p) => void mutate(p, false)} />
            </StackItem>
            <StackItem>
              <PasswordForm />
            </StackItem>
            <StackItem>
              <UnavailableSection title="Manage Social Sign In" text={NOT_SELF_HOSTED} />
            </StackItem>
            <StackItem>
              <RecoveryCodesSection
                totpEnabled={profile.totp.enabled}
                remaining={profile.recoveryCodesRemaining}
                onChanged={reload}
              />
            </StackItem>
            <StackItem>
              <TotpSection enabled={profile.totp.enabled} onChanged={reload} />
            </StackItem>
            <StackItem>
              <UnavailableSection
                title="Manage hardware tokens and biometrics"
                text={NOT_SELF_HOSTED}
              />
            </StackItem>
            <StackItem>
              <ApiTokensSection />
            </StackItem>
          </>
        )}
      </Stack>
    </PageSection>
  );
}
