import {
  Alert,
  Button,
  EmptyState,
  Gallery,
  PageSection,
  Skeleton,
  Title,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasGrant } from '../../../app/access';
import { usePageHeader } from '../../../app/pageHeader';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { NO_RESOURCES } from '../../../components/SettingsResource/SettingsResource';
import { useToast } from '../../../components/Toast/useToast';
import { errorText } from '../../../lib/settingsResource';
import { UnauthorizedPage } from '../../errors/UnauthorizedPage';
import { RunPlaybookModal } from '../launch/RunPlaybookModal';
import { DELETED_TOAST, deleteFailedToast } from '../messages';
import { NEW_PLAYBOOK_PATH } from '../paths';
import { PlaybooksTabs } from '../PlaybooksTabs';
import { deletePlaybook, usePlaybookList, type PlaybookRow } from '../playbooksApi';
import { playbookTitle } from '../types';
import { PlaybookCard } from './PlaybookCard';
import { groupByCategory } from './grouping';

/** /playbooks: every playbook, grouped by category. */
export function PlaybooksPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'playbooks', 'read')) return <UnauthorizedPage />;
  return <PlaybooksList canWrite={hasGrant(whoami, 'playbooks', 'write')} />;
}

function PlaybooksList({ canWrite }: { canWrite: boolean }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const { playbooks, error, isLoading, isValidating, mutate } = usePlaybookList();
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Playbooks', onRefresh: refresh, isLoading: isValidating });
  const [running, setRunning] = useState<PlaybookRow>();
  const [deleting, setDeleting] = useState<PlaybookRow>();

  const remove = async (playbook: PlaybookRow) => {
    try {
      await deletePlaybook(playbook.id);
    } catch (e) {
      addToast({ variant: 'danger', title: deleteFailedToast(errorText(e)) });
      return;
    }
    setDeleting(undefined);
    addToast({ variant: 'success', title: DELETED_TOAST });
    void mutate();
  };

  const groups = groupByCategory(playbooks ?? []);
  let content;
  if (isLoading) content = <Skeleton height="8rem" screenreaderText="Loading playbooks" />;
  else if (groups.length === 0 && !error) {
    content = <EmptyState variant="sm" headingLevel="h2" titleText={NO_RESOURCES} />;
  } else {
    content = groups.map(({ category, rows }) => (
      <section key={category} aria-label={category} style={{ marginTop: 24 }}>
        <Title headingLevel="h2" style={{ marginBottom: 12 }}>
          {category}
        </Title>
        <Gallery hasGutter minWidths={{ default: '18rem' }}>
          {rows.map((p) => (
            <PlaybookCard
              key={p.id}
              playbook={p}
              canWrite={canWrite}
              onRun={setRunning}
              onDelete={setDeleting}
            />
          ))}
        </Gallery>
      </section>
    ));
  }

  return (
    <PageSection>
      <PlaybooksTabs active="playbooks" />
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button icon={<PlusIcon />} onClick={() => void navigate(NEW_PLAYBOOK_PATH)}>
                Create Playbook
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      {content}
      <RunPlaybookModal
        isOpen={running !== undefined}
        playbook={running}
        onClose={() => setRunning(undefined)}
      />
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete Playbook"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        Are you sure you want to delete {playbookTitle(deleting)}?
      </ConfirmDialog>
    </PageSection>
  );
}
