import {
  Button,
  EmptyState,
  EmptyStateBody,
  EmptyStateFooter,
  PageSection,
  Skeleton,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { ExclamationCircleIcon } from '@patternfly/react-icons';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { usePageHeader } from '../../app/pageHeader';
import { useToast } from '../../components/Toast/useToast';
import { errorText, useCrumbs, useTopology } from './api';
import { MULTIPLE_COMPONENTS_TEXT, dashboardCards, orderCards } from './cards';
import { ComponentCard } from './ComponentCard';
import { displayName } from './health';
import { ancestorIds } from './links';
import { hasFilters, parseFilters, topologyParams } from './query';
import { TopologySidebar } from './sidebar/TopologySidebar';
import { TopologyBreadcrumb } from './TopologyBreadcrumb';
import { TopologyToolbar } from './TopologyToolbar';
import type { TopologyAnswer, TopologyComponent } from './types';
import { useCardWidth } from './useCardWidth';
import { useTopologySort } from './useTopologySort';

export const NO_COMPONENTS_TEXT = 'There are no components matching this criteria';
export const LOAD_ERROR_TITLE = 'Could not load the topology';

/** Says once per answer when more than one component came back for the id (spec 002 §8). */
function useMultipleWarning(answer: TopologyAnswer | undefined, multiple: boolean) {
  const { addToast } = useToast();
  const warned = useRef<TopologyAnswer>(undefined);
  useEffect(() => {
    if (!answer || !multiple || warned.current === answer) return;
    warned.current = answer;
    addToast({ variant: 'danger', title: MULTIPLE_COMPONENTS_TEXT });
  }, [answer, multiple, addToast]);
}

const headlineNames = (cards: readonly TopologyComponent[]) =>
  cards.flatMap((c) =>
    (c.properties ?? []).flatMap((p) => (p?.headline && p.name?.trim() ? [p.name.trim()] : [])),
  );

/**
 * /topology and /topology/{id} (spec 002 §2 'Topology'): the root components, or a component's
 * children, as cards from GET /api/canary/api/topology; filters and sort in the query string; a
 * sidebar of panels about the component when an id is given.
 */
export function TopologyPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const sortState = useTopologySort();
  const widthState = useCardWidth();
  const { sort } = sortState;
  const apiParams = useMemo(() => topologyParams(id, filters, sort), [id, filters, sort]);
  const { answer, error, isLoading, isValidating, mutate } = useTopology(apiParams);

  const { current, cards, multiple } = useMemo(
    () => dashboardCards(answer?.components ?? [], id, hasFilters(filters)),
    [answer, id, filters],
  );
  const ordered = useMemo(() => orderCards(cards, sort), [cards, sort]);
  useMultipleWarning(answer, multiple);

  const refererId = params.get('refererId') ?? undefined;
  const crumbs = useCrumbs(current, refererId);

  const { mutate: mutateAll } = useSWRConfig();
  const onRefresh = useCallback(() => {
    void mutate();
    void mutateAll((key) => Array.isArray(key) && key[0] === 'topology/panel');
  }, [mutate, mutateAll]);
  const currentName = current ? displayName(current) : undefined;
  usePageHeader({ title: currentName ?? 'Topology', onRefresh, isLoading: isValidating });

  const body = () => {
    if (error) {
      return (
        <EmptyState
          headingLevel="h2"
          titleText={LOAD_ERROR_TITLE}
          icon={ExclamationCircleIcon}
          status="danger"
        >
          <EmptyStateBody>{errorText(error)}</EmptyStateBody>
          <EmptyStateFooter>
            <Button variant="link" onClick={onRefresh}>
              Try again
            </Button>
          </EmptyStateFooter>
        </EmptyState>
      );
    }
    if (isLoading || !answer) return <CardSkeletons />;
    if (ordered.length === 0)
      return <EmptyState headingLevel="h2" titleText={NO_COMPONENTS_TEXT} />;
    return (
      <section aria-label="Components" style={CARD_GRID}>
        {ordered.map((card) => (
          <ComponentCard
            key={card.id}
            component={card}
            chosenWidth={widthState.width}
            refererId={id}
          />
        ))}
      </section>
    );
  };

  const ancestors =
    crumbs ??
    (current ? ancestorIds(current.path, current.id).map((a) => ({ id: a, name: a })) : []);

  return (
    <PageSection aria-label="Topology dashboard">
      <Stack hasGutter>
        <StackItem>
          <TopologyBreadcrumb
            ancestors={ancestors}
            current={id === undefined ? undefined : (currentName ?? id)}
          />
        </StackItem>
        <StackItem>
          <TopologyToolbar
            answer={answer}
            propertyNames={headlineNames(ordered)}
            sort={sortState}
            width={widthState}
          />
        </StackItem>
        <StackItem>
          <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
            <div style={{ flex: 1, minWidth: 0 }}>{body()}</div>
            {id !== undefined && current && (
              <div style={{ width: 380, flexShrink: 0 }}>
                <TopologySidebar component={current} />
              </div>
            )}
          </div>
        </StackItem>
      </Stack>
    </PageSection>
  );
}

/** Cards keep their own widths, so they wrap in rows rather than sit in a fixed grid. */
const CARD_GRID = { display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' } as const;

function CardSkeletons() {
  return (
    <div style={CARD_GRID} aria-busy="true" aria-label="Loading components">
      {[0, 1, 2, 3].map((n) => (
        <Skeleton
          key={n}
          width="258px"
          height="140px"
          screenreaderText={n === 0 ? 'Loading components' : undefined}
        />
      ))}
    </div>
  );
}
