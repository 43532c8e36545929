import { Alert, EmptyState, PageSection, Tab, TabTitleText, Tabs } from '@patternfly/react-core';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { EMPTY_TABLE_TEXT } from '../../components/DataTable/DataTable';
import type { JobResourceType } from '../../components/JobHistory/api';
import { JobHistoryTab } from '../../components/JobHistory/JobHistoryTab';
import {
  ResourceDetail,
  SettingsCrumbs,
  useFailToast,
} from '../../components/SettingsResource/SettingsResource';
import { isExternal, SourceLink, type SourceInfo } from '../../components/SourceLink/SourceLink';
import { useToast } from '../../components/Toast/useToast';
import { makeScraperDoc, type ScraperDoc } from '../catalog/scraperDocument';
import { ScraperEditor } from '../catalog/ScraperEditor';
import { deleteScraper, updateScraper, useScraper, type ScraperRow } from '../catalog/scrapersApi';
import { ScraperSourceLink } from '../catalog/ScraperSourceLink';
import { detectScraperType } from '../catalog/scraperTypes';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import {
  deleteTopology,
  updateTopology,
  useTopologyRow,
  type TopologyRow,
} from '../topology/spec/topologiesApi';
import { makeTopologyDoc, type TopologyDoc } from '../topology/spec/topologyDocument';
import { TopologyEditor } from '../topology/spec/TopologyEditor';
import { TopologySourceLink } from '../topology/spec/TopologySourceLink';
import { makeLogBackendDoc, type LogBackendDoc } from './logBackendDocument';
import { LogBackendEditor } from './LogBackendEditor';
import {
  deleteLogBackend,
  updateLogBackend,
  useLogBackend,
  type LogBackendRow,
} from './logBackendsApi';
import { INTEGRATIONS_PATH } from './paths';

const LIST = { path: INTEGRATIONS_PATH, title: 'Integrations' };

/** Spec 001 §8. */
export const UNKNOWN_TYPE = 'Unknown type';

/**
 * /settings/integrations/{type}/{id}: the integration's editor ("Edit Form") and its Job
 * History (spec 001 "Integrations"). Needs write on integrations (§6); saving or deleting goes
 * back to the list.
 */
export function IntegrationPage() {
  const { type = '', id = '' } = useParams();
  const { whoami } = useSession();
  usePageHeader({ title: 'Integrations' });
  if (!hasGrant(whoami, 'integrations', 'write')) return <UnauthorizedPage />;
  switch (type) {
    case 'scrapers':
      return (
        <ScraperIntegration
          key={id}
          id={id}
          canWrite={hasGrant(whoami, 'config_scrapers', 'write')}
        />
      );
    case 'topologies':
      return (
        <TopologyIntegration key={id} id={id} canWrite={hasGrant(whoami, 'topologies', 'write')} />
      );
    case 'logging_backends':
      return (
        <LogBackendIntegration
          key={id}
          id={id}
          canWrite={hasGrant(whoami, 'logging_backends', 'write')}
        />
      );
    default:
      return (
        <PageSection>
          <SettingsCrumbs list={LIST} current={id} />
          <EmptyState headingLevel="h2" titleText={UNKNOWN_TYPE} variant="sm" />
        </PageSection>
      );
  }
}

/** What an editor gets from the page. */
interface EditorActions<Doc> {
  readOnly: boolean;
  canDelete: boolean;
  onBack: () => void;
  onSave: (doc: Doc) => Promise<void>;
  onDelete: (doc: Doc) => void;
}

type DetailTab = 'spec' | 'jobs';

/**
 * The detail shell every type shares: the breadcrumb, a notice for what is managed elsewhere,
 * the Edit Form and Job History tabs, and the delete confirmation.
 */
function IntegrationDetail<Doc extends { name: string }>(props: {
  /** e.g. 'Scraper', for the delete dialog. */
  singular: string;
  name: string;
  row: SourceInfo;
  sourceLink: ReactNode;
  canWrite: boolean;
  jobResourceType?: JobResourceType;
  id: string;
  update: (doc: Doc) => Promise<void>;
  remove: () => Promise<void>;
  editor: (actions: EditorActions<Doc>) => ReactNode;
}) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useFailToast();
  const [tab, setTab] = useState<DetailTab>('spec');
  const [deleting, setDeleting] = useState<string>();
  const external = isExternal(props.row);
  const toList = () => void navigate(INTEGRATIONS_PATH);

  const save = async (doc: Doc) => {
    try {
      await props.update(doc);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: `${doc.name.trim()} updated successfully` });
    toList();
  };
  const remove = async (what: string) => {
    try {
      await props.remove();
    } catch (e) {
      fail(e);
      return;
    }
    setDeleting(undefined);
    addToast({ variant: 'success', title: `${what} deleted successfully` });
    toList();
  };

  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current={props.name} />
      {external && (
        <Alert
          variant="info"
          isInline
          style={{ marginBottom: 16 }}
          title={`This ${props.singular.toLowerCase()} is managed outside the console and is read-only here.`}
        >
          Source: {props.sourceLink}
        </Alert>
      )}
      <Tabs
        aria-label="Integration"
        activeKey={tab}
        onSelect={(_e, key) => setTab(key as DetailTab)}
        mountOnEnter
      >
        <Tab eventKey="spec" title={<TabTitleText>Edit Form</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            {props.editor({
              readOnly: external || !props.canWrite,
              canDelete: props.canWrite && !external,
              onBack: toList,
              onSave: save,
              onDelete: (doc) => setDeleting(doc.name || props.name),
            })}
          </div>
        </Tab>
        <Tab eventKey="jobs" title={<TabTitleText>Job History</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            {props.jobResourceType ? (
              <JobHistoryTab resourceType={props.jobResourceType} resourceId={props.id} />
            ) : (
              // Log backends run no jobs.
              <EmptyState headingLevel="h3" titleText={EMPTY_TABLE_TEXT} variant="sm" />
            )}
          </div>
        </Tab>
      </Tabs>
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={`Delete ${props.singular}`}
        onConfirm={() => (deleting !== undefined ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        Are you sure you want to delete {deleting}?
      </ConfirmDialog>
    </PageSection>
  );
}

function ScraperIntegration({ id, canWrite }: { id: string; canWrite: boolean }) {
  const { scraper, error, isLoading } = useScraper(id);
  return (
    <ResourceDetail list={LIST} id={id} row={scraper} error={error} isLoading={isLoading}>
      {(row) => <ScraperDetail row={row} canWrite={canWrite} />}
    </ResourceDetail>
  );
}

function ScraperDetail({ row, canWrite }: { row: ScraperRow; canWrite: boolean }) {
  const [initial] = useState(() => makeScraperDoc(row));
  const [type] = useState(() => detectScraperType(initial.spec));
  return (
    <IntegrationDetail<ScraperDoc>
      singular="Scraper"
      name={row.name ?? row.id}
      row={row}
      sourceLink={<ScraperSourceLink row={row} />}
      canWrite={canWrite}
      jobResourceType="config_scraper"
      id={row.id}
      update={(doc) => updateScraper(row.id, doc)}
      remove={() => deleteScraper(row.id)}
      editor={(actions) => <ScraperEditor initial={initial} type={type} exists {...actions} />}
    />
  );
}

function TopologyIntegration({ id, canWrite }: { id: string; canWrite: boolean }) {
  const { topology, error, isLoading } = useTopologyRow(id);
  return (
    <ResourceDetail list={LIST} id={id} row={topology} error={error} isLoading={isLoading}>
      {(row) => <TopologyDetail row={row} canWrite={canWrite} />}
    </ResourceDetail>
  );
}

function TopologyDetail({ row, canWrite }: { row: TopologyRow; canWrite: boolean }) {
  const [initial] = useState(() => makeTopologyDoc(row));
  return (
    <IntegrationDetail<TopologyDoc>
      singular="Topology"
      name={row.name}
      row={row}
      sourceLink={<TopologySourceLink row={row} />}
      canWrite={canWrite}
      jobResourceType="topology"
      id={row.id}
      update={(doc) => updateTopology(row.id, doc)}
      remove={() => deleteTopology(row.id)}
      editor={(actions) => <TopologyEditor initial={initial} exists {...actions} />}
    />
  );
}

function LogBackendIntegration({ id, canWrite }: { id: string; canWrite: boolean }) {
  const { logBackend, error, isLoading } = useLogBackend(id);
  return (
    <ResourceDetail list={LIST} id={id} row={logBackend} error={error} isLoading={isLoading}>
      {(row) => <LogBackendDetail row={row} canWrite={canWrite} />}
    </ResourceDetail>
  );
}

function LogBackendDetail({ row, canWrite }: { row: LogBackendRow; canWrite: boolean }) {
  const [initial] = useState(() => makeLogBackendDoc(row));
  return (
    <IntegrationDetail<LogBackendDoc>
      singular="Log Backend"
      name={row.name}
      row={row}
      sourceLink={<SourceLink row={row} />}
      canWrite={canWrite}
      id={row.id}
      update={(doc) => updateLogBackend(row.id, doc)}
      remove={() => deleteLogBackend(row.id)}
      editor={(actions) => <LogBackendEditor initial={initial} exists {...actions} />}
    />
  );
}
