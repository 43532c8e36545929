import {
  Alert,
  Breadcrumb,
  BreadcrumbItem,
  Button,
  Card,
  CardBody,
  EmptyState,
  EmptyStateBody,
  ExpandableSection,
  Flex,
  FlexItem,
  FormSelect,
  FormSelectOption,
  Grid,
  GridItem,
  Label,
  LabelGroup,
  PageSection,
  Skeleton,
  Stack,
  StackItem,
  Tab,
  TabTitleText,
  Tabs,
  Title,
} from '@patternfly/react-core';
import { CubesIcon, SearchIcon } from '@patternfly/react-icons';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { IncidentStatusBadge } from '../../components/IncidentStatusBadge/IncidentStatusBadge';
import { useToast } from '../../components/Toast/useToast';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { ActionPlan } from './ActionPlan';
import {
  errorDetails,
  errorMessage,
  historyKey,
  respondersKey,
  updateIncidentStatus,
  useIncident,
  usePeople,
} from './api';
import { ChangelogSection } from './Changelog';
import { CommentsTab } from './Comments';
import { DetailContext, type DetailAccess, type IncidentDetailContext } from './context';
import { ContributingFactorsDialog } from './ContributingFactorsDialog';
import { DefinitionOfDoneSection } from './DefinitionOfDone';
import { DetailsSection } from './DetailsSection';
import { MESSAGES } from './messages';
import { DOD_PROMPT_STATUSES, nextStatuses, toggleTarget, type Incident } from './model';
import { RespondersSection } from './Responders';
import { topologyComponents } from './tree';

/** /incidents/{id}: the incident detail (spec 000 §2.4). Needs read on incidents. */
export function IncidentDetailPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'incident', 'read')) return <UnauthorizedPage />;
  return <IncidentDetail />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const [expanded, setExpanded] = useState(true);
  return (
    <ExpandableSection
      toggleContent={
        <Title headingLevel="h2" size="md">
          {title}
        </Title>
      }
      isExpanded={expanded}
      onToggle={(_e, v) => setExpanded(v)}
      isIndented
    >
      {children}
    </ExpandableSection>
  );
}

function IncidentDetail() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { whoami } = useSession();
  const { addToast } = useToast();
  const { mutate: mutateKey } = useSWRConfig();
  const { incident, error, isLoading, isValidating, mutate } = useIncident(id);
  const { people } = usePeople();
  const [statusPrompt, setStatusPrompt] = useState<string>();

  const refresh = useCallback(async () => {
    await Promise.all([mutate(), mutateKey(historyKey(id))]);
  }, [mutate, mutateKey, id]);
  const refreshAll = useCallback(() => {
    void Promise.all([refresh(), mutateKey(respondersKey(id))]);
  }, [refresh, mutateKey, id]);

  usePageHeader({
    title: incident ? `${incident.incident_id} ${incident.title}` : 'Incident',
    onRefresh: refreshAll,
    isLoading: isValidating,
  });

  const can: DetailAccess = useMemo(
    () => ({
      incident: hasGrant(whoami, 'incident', 'write'),
      evidences: hasGrant(whoami, 'evidences', 'write'),
      comments: hasGrant(whoami, 'comments', 'write'),
      responder: hasGrant(whoami, 'responder', 'write'),
    }),
    [whoami],
  );

  const setStatus = useCallback(
    async (status: string) => {
      try {
        if (!(await updateIncidentStatus(incident?.id, status))) return;
        addToast({ variant: 'success', title: MESSAGES.statusUpdated });
      } catch (e) {
        addToast({
          variant: 'danger',
          title: MESSAGES.statusUpdateFailed,
          description: [errorMessage(e), errorDetails(e)].filter(Boolean).join(' '),
        });
      }
      await refresh();
    },
    [incident?.id, addToast, refresh],
  );

  const chooseStatus = (status: string) => {
    if (!incident || status === incident.status) return;
    if (DOD_PROMPT_STATUSES.includes(status)) setStatusPrompt(status);
    else void setStatus(status);
  };

  const context: IncidentDetailContext | undefined = useMemo(
    () =>
      incident
        ? {
            incident,
            me: whoami.user,
            can,
            people: people ?? [],
            expandComments: params.get('comments') === 'true',
            refresh,
          }
        : undefined,
    [incident, whoami.user, can, people, params, refresh],
  );

  if (error) {
    return (
      <PageSection>
        <Alert variant="danger" isInline title={error.message} />
      </PageSection>
    );
  }
  if (isLoading || incident === undefined) {
    return (
      <PageSection aria-busy="true">
        <Stack hasGutter>
          <Skeleton width="30%" screenreaderText="Loading incident" />
          <Skeleton height="2rem" width="60%" />
          <Skeleton height="20rem" />
        </Stack>
      </PageSection>
    );
  }
  if (!incident || !context) {
    return (
      <PageSection>
        <EmptyState titleText={MESSAGES.incidentNotFound} headingLevel="h1" icon={SearchIcon}>
          <EmptyStateBody>
            <Link to="/incidents">Back to Incidents</Link>
          </EmptyStateBody>
        </EmptyState>
      </PageSection>
    );
  }

  return (
    <DetailContext.Provider value={context}>
      <PageSection>
        <Stack hasGutter>
          <StackItem>
            <Header incident={incident} canEdit={can.incident} onStatus={chooseStatus} />
          </StackItem>
          <StackItem>
            <Grid hasGutter>
              <GridItem lg={8}>
                <DetailTabs />
              </GridItem>
              <GridItem lg={4}>
                <Card isCompact>
                  <CardBody>
                    <Stack hasGutter>
                      <Section title="Details">
                        <DetailsSection />
                      </Section>
                      <Section title="Responders">
                        <RespondersSection />
                      </Section>
                      <Section title="Definition of done">
                        <DefinitionOfDoneSection />
                      </Section>
                      <Section title="Changelog">
                        <ChangelogSection incidentId={incident.id} />
                      </Section>
                    </Stack>
                  </CardBody>
                </Card>
              </GridItem>
            </Grid>
          </StackItem>
        </Stack>
      </PageSection>
      <ContributingFactorsDialog
        incidentId={incident.id}
        status={statusPrompt}
        onStatus={setStatus}
        onClose={() => setStatusPrompt(undefined)}
      />
    </DetailContext.Provider>
  );
}

function Header({
  incident,
  canEdit,
  onStatus,
}: {
  incident: Incident;
  canEdit: boolean;
  onStatus: (status: string) => void;
}) {
  const navigate = useNavigate();
  const chips = topologyComponents(incident.hypotheses);
  const toggle = toggleTarget(incident.status);
  return (
    <Stack hasGutter>
      <Breadcrumb>
        <BreadcrumbItem
          to="/incidents"
          onClick={(e) => {
            e.preventDefault();
            void navigate('/incidents');
          }}
        >
          Incidents
        </BreadcrumbItem>
        <BreadcrumbItem isActive>{incident.incident_id}</BreadcrumbItem>
      </Breadcrumb>
      <Flex
        justifyContent={{ default: 'justifyContentSpaceBetween' }}
        alignItems={{ default: 'alignItemsCenter' }}
      >
        <FlexItem>
          <Title headingLevel="h1">
            {incident.incident_id} {incident.title} <IncidentStatusBadge status={incident.status} />
          </Title>
        </FlexItem>
        {canEdit && (
          <FlexItem>
            <Flex spaceItems={{ default: 'spaceItemsSm' }}>
              <FlexItem>
                <FormSelect
                  aria-label="Status"
                  value={incident.status}
                  onChange={(_e, v) => onStatus(v)}
                >
                  {nextStatuses(incident.status).map((s) => (
                    <FormSelectOption key={s} value={s} label={s} />
                  ))}
                </FormSelect>
              </FlexItem>
              <FlexItem>
                <Button
                  variant={toggle.label === 'Close' ? 'secondary' : 'primary'}
                  onClick={() => onStatus(toggle.status)}
                >
                  {toggle.label}
                </Button>
              </FlexItem>
            </Flex>
          </FlexItem>
        )}
      </Flex>
      {chips.length > 0 && (
        <LabelGroup categoryName="Components" numLabels={10}>
          {chips.map((c) => (
            <Label
              key={c.id}
              icon={<CubesIcon />}
              render={({ className, content, componentRef }) => (
                <Link to={`/topology/${c.id}`} className={className} ref={componentRef}>
                  {content}
                </Link>
              )}
            >
              {c.name}
            </Label>
          ))}
        </LabelGroup>
      )}
    </Stack>
  );
}

function DetailTabs() {
  const [tab, setTab] = useState<string | number>('comments');
  return (
    <Tabs activeKey={tab} onSelect={(_e, key) => setTab(key)} aria-label="Incident" mountOnEnter>
      <Tab eventKey="comments" title={<TabTitleText>Comments</TabTitleText>}>
        <div style={{ paddingTop: 'var(--pf-t--global--spacer--md)' }}>
          <CommentsTab />
        </div>
      </Tab>
      <Tab eventKey="plan" title={<TabTitleText>Action Plan</TabTitleText>}>
        <div style={{ paddingTop: 'var(--pf-t--global--spacer--md)' }}>
          <ActionPlan />
        </div>
      </Tab>
    </Tabs>
  );
}
