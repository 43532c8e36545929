import { Alert, PageSection } from '@patternfly/react-core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { hasGrant } from '../../../app/access';
import { usePageHeader } from '../../../app/pageHeader';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import {
  ResourceDetail,
  SettingsCrumbs,
} from '../../../components/SettingsResource/SettingsResource';
import { isExternal } from '../../../components/SourceLink/SourceLink';
import { useToast } from '../../../components/Toast/useToast';
import { errorText } from '../../../lib/settingsResource';
import { UnauthorizedPage } from '../../errors/UnauthorizedPage';
import {
  CREATED_TOAST,
  DELETED_TOAST,
  UPDATED_TOAST,
  deleteFailedToast,
  saveFailedToast,
} from '../messages';
import { PLAYBOOKS_PATH, playbookRunsPath } from '../paths';
import {
  createPlaybook,
  deletePlaybook,
  updatePlaybook,
  usePlaybook,
  type PlaybookRow,
} from '../playbooksApi';
import { playbookTitle } from '../types';
import {
  makePlaybookDoc,
  newPlaybookDoc,
  playbookFields,
  type PlaybookDoc,
} from './playbookDocument';
import { PlaybookEditor } from './PlaybookEditor';
import { PlaybookSourceLink } from './PlaybookSourceLink';

const LIST = { path: PLAYBOOKS_PATH, title: 'Playbooks' };

/** /playbooks/new and /playbooks/{id}: the playbook's spec editor. */
export function PlaybookSpecPage() {
  const { id = '' } = useParams();
  const { whoami } = useSession();
  usePageHeader({ title: 'Playbooks' });
  if (!hasGrant(whoami, 'playbooks', 'read')) return <UnauthorizedPage />;
  const canWrite = hasGrant(whoami, 'playbooks', 'write');
  if (id === 'new') {
    return canWrite ? <NewPlaybook userId={whoami.user.id} /> : <UnauthorizedPage />;
  }
  return <ExistingPlaybook key={id} id={id} canWrite={canWrite} />;
}

function useSaveFailed() {
  const { addToast } = useToast();
  return (e: unknown) => addToast({ variant: 'danger', title: saveFailedToast(errorText(e)) });
}

function NewPlaybook({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useSaveFailed();
  const [initial] = useState(newPlaybookDoc);
  const save = async (doc: PlaybookDoc) => {
    try {
      await createPlaybook(playbookFields(doc), userId);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: CREATED_TOAST });
    void navigate(PLAYBOOKS_PATH);
  };
  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current="New Playbook" />
      <PlaybookEditor
        initial={initial}
        exists={false}
        readOnly={false}
        canDelete={false}
        onBack={() => void navigate(PLAYBOOKS_PATH)}
        onSave={save}
        onDelete={() => undefined}
      />
    </PageSection>
  );
}

function ExistingPlaybook({ id, canWrite }: { id: string; canWrite: boolean }) {
  const { playbook, error, isLoading } = usePlaybook(id);
  return (
    <ResourceDetail list={LIST} id={id} row={playbook} error={error} isLoading={isLoading}>
      {(row) => <PlaybookDetail playbook={row} canWrite={canWrite} />}
    </ResourceDetail>
  );
}

function PlaybookDetail({ playbook, canWrite }: { playbook: PlaybookRow; canWrite: boolean }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useSaveFailed();
  const [deleting, setDeleting] = useState(false);
  const external = isExternal(playbook);
  const [initial] = useState(() => makePlaybookDoc(playbook));

  const save = async (doc: PlaybookDoc) => {
    try {
      await updatePlaybook(playbook.id, playbookFields(doc));
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: UPDATED_TOAST });
    void navigate(PLAYBOOKS_PATH);
  };
  const remove = async () => {
    try {
      await deletePlaybook(playbook.id);
    } catch (e) {
      addToast({ variant: 'danger', title: deleteFailedToast(errorText(e)) });
      return;
    }
    setDeleting(false);
    addToast({ variant: 'success', title: DELETED_TOAST });
    void navigate(PLAYBOOKS_PATH);
  };

  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current={playbookTitle(playbook)} />
      {external && (
        <Alert
          variant="info"
          isInline
          style={{ marginBottom: 16 }}
          title="This playbook is managed outside the console and is read-only here."
        >
          Source: <PlaybookSourceLink row={playbook} />
        </Alert>
      )}
      <p style={{ marginBottom: 16 }}>
        <Link to={playbookRunsPath(playbook.id)}>Runs of this playbook</Link>
      </p>
      <PlaybookEditor
        initial={initial}
        exists
        readOnly={external || !canWrite}
        canDelete={canWrite && !external}
        onBack={() => void navigate(PLAYBOOKS_PATH)}
        onSave={save}
        onDelete={() => setDeleting(true)}
      />
      <ConfirmDialog
        isOpen={deleting}
        title="Delete Playbook"
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      >
        Are you sure you want to delete {playbookTitle(playbook)}?
      </ConfirmDialog>
    </PageSection>
  );
}
