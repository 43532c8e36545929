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
import { isExternal } from '../../components/SourceLink/SourceLink';
import { useToast } from '../../components/Toast/useToast';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { SCRAPERS_PATH } from './paths';
import { makeScraperDoc, newScraperDoc, type ScraperDoc } from './scraperDocument';
import { ScraperEditor } from './ScraperEditor';
import {
  createScraper,
  deleteScraper,
  updateScraper,
  useScraper,
  type ScraperRow,
} from './scrapersApi';
import { ScraperSourceLink } from './ScraperSourceLink';
import { detectScraperType, scraperTypes, type ScraperType } from './scraperTypes';

const LIST = { path: SCRAPERS_PATH, title: 'Scrapers' };

/** /catalog/scrapers/new and /catalog/scrapers/{id}: tabs Spec and Job History (spec 002 §2). */
export function ScraperPage() {
  const { id = '' } = useParams();
  const { whoami } = useSession();
  usePageHeader({ title: 'Catalog Scrapers' });
  if (!hasGrant(whoami, 'config_scrapers', 'read')) return <UnauthorizedPage />;
  const canWrite = hasGrant(whoami, 'config_scrapers', 'write');
  if (id === 'new') {
    return canWrite ? <NewScraper userId={whoami.user.id} /> : <UnauthorizedPage />;
  }
  return <ExistingScraper key={id} id={id} canWrite={canWrite} />;
}

function NewScraper({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useFailToast();
  const [type, setType] = useState<ScraperType>();
  const save = async (doc: ScraperDoc) => {
    try {
      await createScraper(doc, userId);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: `${doc.name.trim()} created successfully` });
    void navigate(SCRAPERS_PATH);
  };
  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current="New Scraper" />
      {type ? (
        <ScraperEditor
          key={type.label}
          initial={newScraperDoc(type)}
          type={type}
          exists={false}
          readOnly={false}
          canDelete={false}
          onBack={() => setType(undefined)}
          onSave={save}
          onDelete={() => undefined}
        />
      ) : (
        <section aria-label="Scraper type">
          <Title headingLevel="h2" style={{ marginBottom: 16 }}>
            Choose the type of catalog scraper
          </Title>
          <Gallery hasGutter minWidths={{ default: '12rem' }}>
            {scraperTypes().map((t) => (
              <Button key={t.label} variant="tertiary" isBlock onClick={() => setType(t)}>
                {t.label}
              </Button>
            ))}
          </Gallery>
          <Button
            variant="secondary"
            style={{ marginTop: 24 }}
            onClick={() => void navigate(SCRAPERS_PATH)}
          >
            Back
          </Button>
        </section>
      )}
    </PageSection>
  );
}

function ExistingScraper({ id, canWrite }: { id: string; canWrite: boolean }) {
  const { scraper, error, isLoading } = useScraper(id);
  return (
    <ResourceDetail list={LIST} id={id} row={scraper} error={error} isLoading={isLoading}>
      {(row) => <ScraperDetail scraper={row} canWrite={canWrite} />}
    </ResourceDetail>
  );
}

type PageTab = 'spec' | 'jobs';

function ScraperDetail({ scraper, canWrite }: { scraper: ScraperRow; canWrite: boolean }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useFailToast();
  const [tab, setTab] = useState<PageTab>('spec');
  const [deleting, setDeleting] = useState<string>();
  const external = isExternal(scraper);
  const [initial] = useState(() => makeScraperDoc(scraper));
  const [type] = useState(() => detectScraperType(initial.spec));
  const name = scraper.name ?? scraper.id;

  const save = async (doc: ScraperDoc) => {
    try {
      await updateScraper(scraper.id, doc);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: `${doc.name.trim()} updated successfully` });
    void navigate(SCRAPERS_PATH);
  };
  const remove = async (what: string) => {
    try {
      await deleteScraper(scraper.id);
    } catch (e) {
      fail(e);
      return;
    }
    setDeleting(undefined);
    addToast({ variant: 'success', title: `${what} deleted successfully` });
    void navigate(SCRAPERS_PATH);
  };

  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current={name} />
      {external && (
        <Alert
          variant="info"
          isInline
          style={{ marginBottom: 16 }}
          title="This scraper is managed outside the console and is read-only here."
        >
          Source: <ScraperSourceLink row={scraper} />
        </Alert>
      )}
      <Tabs
        aria-label="Scraper"
        activeKey={tab}
        onSelect={(_e, key) => setTab(key as PageTab)}
        mountOnEnter
      >
        <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <ScraperEditor
              initial={initial}
              type={type}
              exists
              readOnly={external || !canWrite}
              canDelete={canWrite && !external}
              onBack={() => void navigate(SCRAPERS_PATH)}
              onSave={save}
              onDelete={(doc) => setDeleting(doc.name || name)}
            />
          </div>
        </Tab>
        <Tab eventKey="jobs" title={<TabTitleText>Job History</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <JobHistoryTab resourceType="config_scraper" resourceId={scraper.id} />
          </div>
        </Tab>
      </Tabs>
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete Scraper"
        onConfirm={() => (deleting !== undefined ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        Are you sure you want to delete {deleting}?
      </ConfirmDialog>
    </PageSection>
  );
}
