import {
  Alert,
  Button,
  Gallery,
  PageSection,
  Tab,
  TabTitleText,
  Tabs,
  Title,
} from '@patternfly/react-core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { JobHistoryTab } from '../../components/JobHistory/JobHistoryTab';
import {
  ResourceDetail,
  SettingsCrumbs,
  useFailToast,
} from '../../components/SettingsResource/SettingsResource';
import { useToast } from '../../components/Toast/useToast';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { createCanary, deleteCanary, updateCanary, useCanary, type CanaryRow } from './api';
import { CANARIES_PATH } from './CanariesPage';
import { CanaryEditor } from './CanaryEditor';
import { CHECK_TYPES, type CheckType } from './checkTypes';
import { detectType, makeDoc, newDoc, type CanaryDoc } from './document';
import { isExternal, SourceLink } from './SourceLink';

const LIST = { path: CANARIES_PATH, title: 'Health Checks' };

/** /settings/canaries/new and /settings/canaries/{id}: the health check spec editor. */
export function CanaryPage() {
  const { id = '' } = useParams();
  const { whoami } = useSession();
  usePageHeader({ title: 'Health Checks' });
  if (!hasGrant(whoami, 'canaries', 'read')) return <UnauthorizedPage />;
  const canWrite = hasGrant(whoami, 'canaries', 'write');
  if (id === 'new') {
    return canWrite ? <NewCanary userId={whoami.user.id} /> : <UnauthorizedPage />;
  }
  return <ExistingCanary key={id} id={id} canWrite={canWrite} />;
}

/** The type chooser, then the editor for a new health check of that type. */
function NewCanary({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useFailToast();
  const [type, setType] = useState<CheckType>();

  const save = async (doc: CanaryDoc) => {
    try {
      await createCanary(doc, userId);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: `${doc.name.trim()} created successfully` });
    void navigate(CANARIES_PATH);
  };

  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current="New Health Check" />
      {type ? (
        <CanaryEditor
          key={type.id}
          initial={newDoc(type)}
          type={type}
          exists={false}
          readOnly={false}
          canDelete={false}
          onBack={() => setType(undefined)}
          onSave={save}
          onDelete={() => undefined}
        />
      ) : (
        <TypeChooser onChoose={setType} onBack={() => void navigate(CANARIES_PATH)} />
      )}
    </PageSection>
  );
}

function TypeChooser({
  onChoose,
  onBack,
}: {
  onChoose: (type: CheckType) => void;
  onBack: () => void;
}) {
  return (
    <section aria-label="Health check type">
      <Title headingLevel="h2" style={{ marginBottom: 16 }}>
        Choose the type of health check
      </Title>
      <Gallery hasGutter minWidths={{ default: '12rem' }}>
        {CHECK_TYPES.map((t) => (
          <Button key={t.id} variant="tertiary" onClick={() => onChoose(t)} isBlock>
            {t.label}
          </Button>
        ))}
      </Gallery>
      <Button variant="secondary" onClick={onBack} style={{ marginTop: 24 }}>
        Back
      </Button>
    </section>
  );
}

type PageTab = 'spec' | 'jobs';

function ExistingCanary({ id, canWrite }: { id: string; canWrite: boolean }) {
  const { canary, error, isLoading } = useCanary(id);
  return (
    <ResourceDetail list={LIST} id={id} row={canary} error={error} isLoading={isLoading}>
      {(row) => <CanaryDetail canary={row} canWrite={canWrite} />}
    </ResourceDetail>
  );
}

function CanaryDetail({ canary, canWrite }: { canary: CanaryRow; canWrite: boolean }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useFailToast();
  const [tab, setTab] = useState<PageTab>('spec');
  const [deleting, setDeleting] = useState<string>();
  const external = isExternal(canary);
  const [initial] = useState(() => makeDoc(canary));
  const [type] = useState(() => detectType(initial.spec));

  const save = async (doc: CanaryDoc) => {
    try {
      await updateCanary(canary.id, doc);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: `${doc.name} updated successfully` });
    void navigate(CANARIES_PATH);
  };

  const remove = async (name: string) => {
    try {
      await deleteCanary(canary.id);
    } catch (e) {
      fail(e);
      return;
    }
    setDeleting(undefined);
    addToast({ variant: 'success', title: `${name} deleted successfully` });
    void navigate(CANARIES_PATH);
  };

  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current={canary.name} />
      {external && (
        <Alert
          variant="info"
          isInline
          style={{ marginBottom: 16 }}
          title="This health check is managed outside the console and is read-only here."
        >
          Source: <SourceLink row={canary} />
        </Alert>
      )}
      <Tabs
        aria-label="Health check"
        activeKey={tab}
        onSelect={(_e, key) => setTab(key as PageTab)}
        mountOnEnter
      >
        <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <CanaryEditor
              initial={initial}
              type={type}
              exists
              readOnly={external || !canWrite}
              canDelete={canWrite && !external}
              onBack={() => void navigate(CANARIES_PATH)}
              onSave={save}
              onDelete={(doc) => setDeleting(doc.name || canary.name)}
            />
          </div>
        </Tab>
        <Tab eventKey="jobs" title={<TabTitleText>Job History</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <JobHistoryTab resourceType="canary" resourceId={canary.id} />
          </div>
        </Tab>
      </Tabs>
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete Health Check"
        onConfirm={() => (deleting !== undefined ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        Are you sure you want to delete {deleting}?
      </ConfirmDialog>
    </PageSection>
  );
}
