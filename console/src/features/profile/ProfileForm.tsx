import {
  ActionGroup,
  Alert,
  Button,
  Form,
  FormGroup,
  FormHelperText,
  HelperText,
  HelperTextItem,
  TextInput,
} from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { request } from '../../api/fetcher';
import { CopyButton } from '../../components/CopyToClipboard/CopyButton';
import { PROFILE_PATH, errorText, type Profile, type ProfileUpdate } from './api';
import { SectionCard } from './SectionCard';
import { useTimedMessage } from './useTimedMessage';

export interface ProfileFormProps {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}

/** "Profile Settings": names and e-mail. A new e-mail needs verifying through the link shown. */
export function ProfileForm({ profile, onSaved }: ProfileFormProps) {
  const [firstName, setFirstName] = useState(profile.firstName);
  const [lastName, setLastName] = useState(profile.lastName);
  const [email, setEmail] = useState(profile.email);
  const [verificationLink, setVerificationLink] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { message, success, failure } = useTimedMessage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { verificationLink: link, ...saved } = await request<ProfileUpdate>(PROFILE_PATH, {
        method: 'PATCH',
        body: { firstName, lastName, email },
      });
      // The link stays until used: it is the only way to verify (no e-mail is sent).
      if (link) setVerificationLink(link);
      onSaved(saved);
      success('Your profile has been updated.');
    } catch (e) {
      failure(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const unchanged =
    firstName === profile.firstName && lastName === profile.lastName && email === profile.email;
  return (
    <SectionCard title="Profile Settings" message={message}>
      <Form onSubmit={(e) => void submit(e)}>
        <FormGroup label="First name" isRequired fieldId="profile-first-name">
          <TextInput
            id="profile-first-name"
            autoComplete="given-name"
            value={firstName}
            onChange={(_e, v) => setFirstName(v)}
            isRequired
          />
        </FormGroup>
        <FormGroup label="Last name" isRequired fieldId="profile-last-name">
          <TextInput
            id="profile-last-name"
            autoComplete="family-name"
            value={lastName}
            onChange={(_e, v) => setLastName(v)}
            isRequired
          />
        </FormGroup>
        <FormGroup label="Email" isRequired fieldId="profile-email">
          <TextInput
            id="profile-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(_e, v) => setEmail(v)}
            isRequired
          />
          {!profile.emailVerified && (
            <FormHelperText>
              <HelperText>
                <HelperTextItem variant="warning">Not verified yet.</HelperTextItem>
              </HelperText>
            </FormHelperText>
          )}
        </FormGroup>
        {verificationLink && (
          <Alert variant="info" isInline title="Verify your new e-mail address">
            Open this link to verify it:{' '}
            <a href={verificationLink} style={{ wordBreak: 'break-all' }}>
              {verificationLink}
            </a>
            <CopyButton text={verificationLink} aria-label="Copy the verification link" />
          </Alert>
        )}
        <ActionGroup>
          <Button
            type="submit"
            variant="primary"
            isLoading={busy}
            isDisabled={busy || unchanged || !firstName.trim() || !lastName.trim() || !email.trim()}
          >
            Save
          </Button>
        </ActionGroup>
      </Form>
    </SectionCard>
  );
}
