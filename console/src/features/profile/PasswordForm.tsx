import { ActionGroup, Button, Form, FormGroup, TextInput } from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { request } from '../../api/fetcher';
import { PasswordField } from '../auth/PasswordField';
import { passwordProblem } from '../auth/passwordRule';
import { errorText } from './api';
import { SectionCard } from './SectionCard';
import { useTimedMessage } from './useTimedMessage';

/** "Change Password": the current password proves it is the owner at the keyboard. */
export function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const { message, success, failure } = useTimedMessage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (passwordProblem(newPassword)) return;
    setBusy(true);
    try {
      await request('/api/auth/password', {
        method: 'POST',
        body: { currentPassword, newPassword },
      });
      setCurrentPassword('');
      setNewPassword('');
      setAttempted(false);
      success('Your password has been changed.');
    } catch (e) {
      failure(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title="Change Password" message={message}>
      <Form onSubmit={(e) => void submit(e)}>
        <FormGroup label="Current password" isRequired fieldId="profile-current-password">
          <TextInput
            id="profile-current-password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(_e, v) => setCurrentPassword(v)}
            isRequired
          />
        </FormGroup>
        <PasswordField
          id="profile-new-password"
          label="New password"
          value={newPassword}
          onChange={setNewPassword}
          showProblem={attempted}
        />
        <ActionGroup>
          <Button
            type="submit"
            variant="primary"
            isLoading={busy}
            isDisabled={busy || !currentPassword || !newPassword}
          >
            Change password
          </Button>
        </ActionGroup>
      </Form>
    </SectionCard>
  );
}
