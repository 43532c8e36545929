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
import { useCallback, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageHeader } from '../../app/pageHeader';
import { useConfigDetail } from './api';
import { ConfigContent } from './ConfigContent';
import { ConfigDetailsPanel } from './ConfigDetailsPanel';
import { ConfigHeader } from './ConfigHeader';
import { configName, type ConfigDetail } from './model';
import { useNarrowScreen } from './useNarrowScreen';

export const CONFIG_NOT_FOUND = 'Config not found';
export const CONFIG_LOAD_FAILED = 'Could not load the config';

/** /catalog/{id}: one config's content and details (spec 002 'Config detail'). */
export function ConfigDetailPage() {
  const { id = '' } = useParams();
  const { config, error, isLoading, isValidating, mutate } = useConfigDetail(id);
  const refresh = useCallback(() => void mutate(), [mutate]);
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
  return <ConfigDetailView config={config} refreshError={error} />;
}

function ConfigDetailView({
  config,
  refreshError,
}: {
  config: ConfigDetail;
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
          <Grid hasGutter>
            {narrow && detailsShown && <GridItem>{details}</GridItem>}
            <GridItem lg={8} xl={9}>
              <ConfigContent config={config} />
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
