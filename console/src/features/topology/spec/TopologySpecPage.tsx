import { Alert, PageSection, Tab, TabTitleText, Tabs } from '@patternfly/react-core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { hasGrant } from '../../../app/access';
import { usePageHeader } from '../../../app/pageHeader';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { JobHistoryTab } from '../../../components/JobHistory/JobHistoryTab';
import {
  ResourceDetail,
  SettingsCrumbs,
  useFailToast,
} from '../../../components/SettingsResource/SettingsResource';
import { isExternal } from '../../../components/SourceLink/SourceLink';
import { useToast } from '../../../components/Toast/useToast';
import { UnauthorizedPage } from '../../errors/UnauthorizedPage';
import { TOPOLOGIES_PATH } from '../links';
import {
  createTopology,
  deleteTopology,
  updateTopology,
  useTopologyRow,
  type TopologyRow,
} from './topologiesApi';
import { makeTopologyDoc, newTopologyDoc, type TopologyDoc } from './topologyDocument';
import { TopologyEditor } from './TopologyEditor';
import { TopologySourceLink } from './TopologySourceLink';

const LIST = { path: TOPOLOGIES_PATH, title: 'Topologies' };

/** /settings/topologies/new and /settings/topologies/{id}: tabs Spec and Job History. */
export function TopologySpecPage() {
  const { id = '' } = useParams();
  const { whoami } = useSession();
  usePageHeader({ title: 'Topologies' });
  if (!hasGrant(whoami, 'topologies', 'read')) return <UnauthorizedPage />;
  const canWrite = hasGrant(whoami, 'topologies', 'write');
  if (id === 'new') {
    return canWrite ? <NewTopology userId={whoami.user.id} /> : <UnauthorizedPage />;
  }
  return <ExistingTopology key={id} id={id} canWrite={canWrite} />;
}

function NewTopology({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useFailToast();
  const [initial] = useState(newTopologyDoc);
  const save = async (doc: TopologyDoc) => {
    try {
      await createTopology(doc, userId);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: `${doc.name.trim()} created successfully` });
    void navigate(TOPOLOGIES_PATH);
  };
  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current="New Topology" />
      <TopologyEditor
        initial={initial}
        exists={false}
        readOnly={false}
        canDelete={false}
        onBack={() => void navigate(TOPOLOGIES_PATH)}
        onSave={save}
        onDelete={() => undefined}
      />
    </PageSection>
  );
}

function ExistingTopology({ id, canWrite }: { id: string; canWrite: boolean }) {
  const { topology, error, isLoading } = useTopologyRow(id);
  return (
    <ResourceDetail list={LIST} id={id} row={topology} error={error} isLoading={isLoading}>
      {(row) => <TopologyDetail topology={row} canWrite={canWrite} />}
    </ResourceDetail>
  );
}

type PageTab = 'spec' | 'jobs';

function TopologyDetail({ topology, canWrite }: { topology: TopologyRow; canWrite: boolean }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useFailToast();
  const [tab, setTab] = useState<PageTab>('spec');
  const [deleting, setDeleting] = useState<string>();
  const external = isExternal(topology);
  const [initial] = useState(() => makeTopologyDoc(topology));

  const save = async (doc: TopologyDoc) => {
    try {
      await updateTopology(topology.id, doc);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: `${doc.name.trim()} updated successfully` });
    void navigate(TOPOLOGIES_PATH);
  };
  const remove = async (name: string) => {
    try {
      await deleteTopology(topology.id);
    } catch (e) {
      fail(e);
      return;
    }
    setDeleting(undefined);
    addToast({ variant: 'success', title: `${name} deleted successfully` });
    void navigate(TOPOLOGIES_PATH);
  };

  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current={topology.name} />
      {external && (
        <Alert
          variant="info"
          isInline
          style={{ marginBottom: 16 }}
          title="This topology is managed outside the console and is read-only here."
        >
          Source: <TopologySourceLink row={topology} />
        </Alert>
      )}
      <Tabs
        aria-label="Topology"
        activeKey={tab}
        onSelect={(_e, key) => setTab(key as PageTab)}
        mountOnEnter
      >
        <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <TopologyEditor
              initial={initial}
              exists
              readOnly={external || !canWrite}
              canDelete={canWrite && !external}
              onBack={() => void navigate(TOPOLOGIES_PATH)}
              onSave={save}
              onDelete={(doc) => setDeleting(doc.name || topology.name)}
            />
          </div>
        </Tab>
        <Tab eventKey="jobs" title={<TabTitleText>Job History</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <JobHistoryTab resourceType="topology" resourceId={topology.id} />
          </div>
        </Tab>
      </Tabs>
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete Topology"
        onConfirm={() => (deleting !== undefined ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        Are you sure you want to delete {deleting}?
      </ConfirmDialog>
    </PageSection>
  );
}
