import {
  Alert,
  Button,
  EmptyState,
  EmptyStateBody,
  EmptyStateFooter,
  Flex,
  FlexItem,
  PageSection,
  Skeleton,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { ExclamationCircleIcon } from '@patternfly/react-icons';
import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { usePageHeader } from '../../app/pageHeader';
import {
  PAGE_SIZE,
  errorText,
  useChildren,
  useComponent,
  useComponentList,
  useComponentNames,
} from './api';
import { childrenByParent } from './children';
import { ComponentCard } from './ComponentCard';
import { displayName } from './health';
import { ancestorIds, parseFilters } from './links';
import { TopologyBreadcrumb } from './TopologyBreadcrumb';
import { TopologyToolbar } from './TopologyToolbar';
import type { TopologyComponent } from './types';
import { useCardWidth } from './useCardWidth';

export const NO_COMPONENTS_TEXT = 'There are no components matching this criteria';
export const LOAD_ERROR_TITLE = 'Could not load the topology';

/**
 * /topology and /topology/{id} (spec 002 §2 'Topology'): the root components, or one component
 * and its direct children, as cards; filtered by `type` and `status` in the query string.
 */
export function TopologyPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const widthState = useCardWidth();

  // 'Load more' grows the limit of this list; another level or filter starts again.
  const listKey = JSON.stringify({ id, filters });
  const [more, setMore] = useState({ listKey, limit: PAGE_SIZE });
  const limit = more.listKey === listKey ? more.limit : PAGE_SIZE;

  const current = useComponent(id);
  const list = useComponentList({ parentId: id, filters, limit });
  const cards = list.list?.rows;
  const cardIds = useMemo(
    () => [...(current.component ? [current.component.id] : []), ...(cards ?? []).map((c) => c.id)],
    [current.component, cards],
  );
  const children = useChildren(cardIds);
  const grouped = useMemo(
    () => childrenByParent(children.children?.children ?? []),
    [children.children],
  );
  const childrenOf = (card: TopologyComponent) =>
    children.children?.parentIds.has(card.id) ? (grouped.get(card.id) ?? []) : undefined;

  const ancestors = useMemo(
    () => (current.component ? ancestorIds(current.component.path, current.component.id) : []),
    [current.component],
  );
  const { names } = useComponentNames(ancestors);

  const { mutate: mutateCurrent } = current;
  const { mutate: mutateList } = list;
  const { mutate: mutateChildren } = children;
  const onRefresh = useCallback(() => {
    void mutateCurrent();
    void mutateList();
    void mutateChildren();
  }, [mutateCurrent, mutateList, mutateChildren]);
  const currentName = current.component ? displayName(current.component) : undefined;
  usePageHeader({
    title: currentName ?? 'Topology',
    onRefresh,
    isLoading: current.isValidating || list.isValidating || children.isValidating,
  });

  const error = current.error ?? list.error;
  const isLoading = current.isLoading || list.isLoading;
  const notFound = id !== undefined && !current.isLoading && !current.error && !current.component;

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
    if (notFound) return <EmptyState headingLevel="h2" titleText="Component not found" />;
    if (isLoading || !cards) return <CardSkeletons />;
    const cardProps = { chosenWidth: widthState.width, refererId: id };
    return (
      <Stack hasGutter>
        {current.component && (
          <StackItem>
            <ComponentCard
              component={current.component}
              childComponents={childrenOf(current.component)}
              isCurrent
              {...cardProps}
            />
          </StackItem>
        )}
        {children.error && (
          <StackItem>
            <Alert
              variant="warning"
              isInline
              title={`Could not load the child components: ${errorText(children.error)}`}
            />
          </StackItem>
        )}
        <StackItem>
          {cards.length === 0 ? (
            <EmptyState headingLevel="h2" titleText={NO_COMPONENTS_TEXT} />
          ) : (
            <section aria-label="Components" style={CARD_GRID}>
              {cards.map((card) => (
                <ComponentCard
                  key={card.id}
                  component={card}
                  childComponents={childrenOf(card)}
                  {...cardProps}
                />
              ))}
            </section>
          )}
        </StackItem>
        {list.list && cards.length < list.list.total && (
          <StackItem>
            <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapMd' }}>
              <FlexItem>{`Showing ${cards.length} of ${list.list.total}`}</FlexItem>
              <FlexItem>
                <Button
                  variant="secondary"
                  isLoading={list.isValidating}
                  isDisabled={list.isValidating}
                  onClick={() => setMore({ listKey, limit: limit + PAGE_SIZE })}
                >
                  Load more
                </Button>
              </FlexItem>
            </Flex>
          </StackItem>
        )}
      </Stack>
    );
  };

  return (
    <PageSection aria-label="Topology dashboard">
      <Stack hasGutter>
        <StackItem>
          <TopologyBreadcrumb
            ancestors={ancestors.map((a) => ({ id: a, name: names?.[a] ?? a }))}
            current={id === undefined ? undefined : (currentName ?? id)}
          />
        </StackItem>
        <StackItem>
          <TopologyToolbar {...widthState} />
        </StackItem>
        <StackItem>{body()}</StackItem>
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
