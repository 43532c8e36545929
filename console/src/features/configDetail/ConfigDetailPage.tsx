import {
  Alert,
  AlertActionLink,
  Button,
  Card,
  CardBody,
  EmptyState,
  EmptyStateBody,
  Grid,
  GridItem,
  PageSection,
  Skeleton,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { SearchIcon } from '@patternfly/react-icons';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageHeader } from '../../app/pageHeader';
import { NotFoundPage } from '../errors/NotFoundPage';
import { useConfigDetail } from './api';
import { ConfigDetailsPanel } from './ConfigDetailsPanel';
import { ConfigHeader } from './ConfigHeader';
import { ConfigTabContent } from './ConfigTabContent';
import { ConfigTabs } from './ConfigTabs';
import { configName, type ConfigDetail } from './model';
import { tabFromSegment, type ConfigTab } from './tabs';
import { useNarrowScreen } from './useNarrowScreen';
import { useRefreshConfig } from './useRefreshConfig';

/** Spec 002 §8: a config that does not exist. */
export const CONFIG_NOT_FOUND = 'Details not found';
export const CONFIG_LOAD_FAILED = 'Could not load the config';

/**
 * /catalog/{id} and its tabs /catalog/{id}/{tab}: one config's content, changes, insights,
 * relationships, playbook runs and checks beside its details (spec 002 'Config detail').
 */
export function ConfigDetailPage() {
  const { id = '', tab: segment } = useParams();
  const tab = tabFromSegment(segment);
  if (!tab) return <NotFoundPage />;
  return <ConfigDetailLoader id={id} tab={tab} />;
}

function ConfigDetailLoader({ id, tab }: { id: string; tab: ConfigTab }) {
  const { config, error, isLoading, isValidating } = useConfigDetail(id);
  const refresh = useRefreshConfig(id);
  usePageHeader({
    title: config ? configName(config) : 'Catalog',
    onRefresh: refresh,
    isLoading: isValidating,
  });

  if (error && !config) {
    return (
      <PageSection>
        <Alert
          variant="danger"
          isInline
          title={CONFIG_LOAD_FAILED}
          actionLinks={<AlertActionLink onClick={refresh}>Try again</AlertActionLink>}
        >
          {error.message}
        </Alert>
      </PageSection>
    );
  }
  if (isLoading || config === undefined) {
    return (
      <PageSection aria-busy="true">
        <Stack hasGutter>
          <Skeleton width="30%" screenreaderText="Loading config" />
          <Skeleton height="2rem" width="50%" />
          <Skeleton height="24rem" />
        </Stack>
      </PageSection>
    );
  }
  if (config === null) {
    return (
      <PageSection>
        <EmptyState titleText={CONFIG_NOT_FOUND} headingLevel="h1" icon={SearchIcon}>
          <EmptyStateBody>
            <Link to="/catalog">Back to Catalog</Link>
          </EmptyStateBody>
        </EmptyState>
      </PageSection>
    );
  }
  return <ConfigDetailView config={config} tab={tab} refreshError={error} />;
}

function ConfigDetailView({
  config,
  tab,
  refreshError,
}: {
  config: ConfigDetail;
  tab: ConfigTab;
  refreshError: Error | undefined;
}) {
  const narrow = useNarrowScreen();
  const [detailsShown, setDetailsShown] = useState(false);
  const detailsId = useId();
  const details = (
    <Card isCompact id={detailsId}>
      <CardBody>
        <ConfigDetailsPanel config={config} />
      </CardBody>
    </Card>
  );
  // On a small screen the panel would push the config far down; it opens on demand, above it.
  const toggle = narrow && (
    <Button
      variant="secondary"
      aria-expanded={detailsShown}
      aria-controls={detailsShown ? detailsId : undefined}
      onClick={() => setDetailsShown((shown) => !shown)}
    >
      Details
    </Button>
  );

  return (
    <PageSection>
      <Stack hasGutter>
        <StackItem>
          <ConfigHeader config={config} actions={toggle} />
        </StackItem>
        {refreshError && (
          <StackItem>
            <Alert variant="warning" isInline isPlain title={CONFIG_LOAD_FAILED}>
              {refreshError.message}
            </Alert>
          </StackItem>
        )}
        <StackItem>
          <ConfigTabs id={config.id} active={tab} summary={config.summary} />
        </StackItem>
        <StackItem>
          <Grid hasGutter>
            {narrow && detailsShown && <GridItem>{details}</GridItem>}
            <GridItem lg={8} xl={9}>
              <ConfigTabContent tab={tab} config={config} />
            </GridItem>
            {!narrow && (
              <GridItem lg={4} xl={3}>
                {details}
              </GridItem>
            )}
          </Grid>
        </StackItem>
      </Stack>
    </PageSection>
  );
}
