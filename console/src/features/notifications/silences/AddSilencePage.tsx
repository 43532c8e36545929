import { ActionGroup, Alert, Button, Form, PageSection } from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { hasGrant } from '../../../app/access';
import { usePageHeader } from '../../../app/pageHeader';
import { useSession } from '../../../app/session';
import { useToast } from '../../../components/Toast/useToast';
import { errorText } from '../../../lib/settingsResource';
import { UnauthorizedPage } from '../../errors/UnauthorizedPage';
import { SILENCE_ADDED_TOAST } from '../messages';
import { NotificationsTabs } from '../NotificationsTabs';
import { SILENCES_PATH } from '../paths';
import { createSilence } from './api';
import { SilenceFields } from './SilenceFields';
import { silenceFromParams, toSilenceRequest, validateSilence } from './silenceModel';

/**
 * /notifications/silences/add: silence notifications for one resource for a while. A
 * notification's silence link opens it with the resource filled in (?check_id=, ?config_id=,
 * ?component_id= or ?canary_id=).
 */
export function AddSilencePage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'notifications', 'write')) return <UnauthorizedPage />;
  return <AddSilenceForm />;
}

function AddSilenceForm() {
  usePageHeader({ title: 'Add Notification Silence' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { addToast } = useToast();
  const [values, setValues] = useState(() => silenceFromParams(params));
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const errors = validateSilence(values);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setFailure('');
    try {
      await createSilence(toSilenceRequest(values));
      addToast({ variant: 'success', title: SILENCE_ADDED_TOAST });
      void navigate(SILENCES_PATH);
    } catch (e) {
      setFailure(errorText(e));
      setBusy(false);
    }
  };

  return (
    <PageSection>
      <NotificationsTabs active="silences" />
      <Form
        onSubmit={(e) => void submit(e)}
        noValidate
        style={{ maxWidth: '48rem', marginTop: 'var(--pf-t--global--spacer--md)' }}
        aria-label="Add notification silence"
      >
        {failure && <Alert variant="danger" isInline title={failure} />}
        <SilenceFields values={values} onChange={setValues} errors={attempted ? errors : {}} />
        <ActionGroup>
          <Button type="submit" isLoading={busy} isDisabled={busy}>
            Save
          </Button>
          <Button variant="link" onClick={() => void navigate(SILENCES_PATH)}>
            Cancel
          </Button>
        </ActionGroup>
      </Form>
    </PageSection>
  );
}
