import {
  Alert,
  Bullseye,
  EmptyState,
  FormSelect,
  FormSelectOption,
  PageSection,
  SearchInput,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageHeader } from '../../app/pageHeader';
import { TimeRangePicker } from '../../components/TimeRangePicker/TimeRangePicker';
import { LinkToIncidentButton } from '../incidents';
import {
  useComponentLogs,
  useComponentsWithLogs,
  useLogSearch,
  type ComponentWithLogs,
  type LogSearch,
} from './api';
import { LogsTable } from './LogsTable';
import {
  COMPONENTS_FAILED,
  LOGS_TITLE,
  NO_MATCHING_LOGS,
  PAGE_SIZE,
  QUERY_DEBOUNCE_MS,
  SELECT_COMPONENT,
  logEvidence,
} from './model';
import {
  DEFAULT_RANGE,
  rangeForApi,
  readLogsUrl,
  writeLogsUrl,
  type LogsUrlState,
} from './urlState';

const NONE = '';

/** The search box: its text reaches the URL 500 ms after the last keystroke (spec 000 §2.6). */
function QueryField({ value, onCommit }: { value: string; onCommit: (text: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  }, [onCommit]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => commit.current(draft), QUERY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return (
    <SearchInput
      aria-label="Search logs"
      placeholder="Search"
      value={draft}
      onChange={(_e, text) => setDraft(text)}
      onClear={() => setDraft('')}
      style={{ minWidth: '18rem' }}
    />
  );
}

/** /logs (spec 000 §2.6): a component's logs, searched, newest first, lines attachable. */
export function LogsPage() {
  const [params, setParams] = useSearchParams();
  const state = readLogsUrl(params);
  const update = (patch: Partial<LogsUrlState>) => setParams(writeLogsUrl(params, patch));
  const components = useComponentsWithLogs();
  const {
    component,
    error: componentError,
    isLoading: componentLoading,
  } = useComponentLogs(state.componentId);
  const logName = state.logName ?? component?.names[0];

  // The range resolved once per choice (a named or absolute range is turned into times).
  const rangeKey = JSON.stringify(state.range);
  const [resolved, setResolved] = useState(() => ({ key: rangeKey, ...rangeForApi(state.range) }));
  if (resolved.key !== rangeKey) setResolved({ key: rangeKey, ...rangeForApi(state.range) });

  const search: LogSearch | undefined =
    state.componentId && component && logName
      ? {
          id: state.componentId,
          name: logName,
          query: state.query,
          start: resolved.start,
          end: resolved.end,
          limit: PAGE_SIZE,
        }
      : undefined;
  const result = useLogSearch(search);
  const { refresh } = result;
  usePageHeader({
    title: LOGS_TITLE,
    onRefresh: search ? refresh : undefined,
    isLoading: result.isValidating,
  });

  // The picker lists the components with logs, and the one asked for if it is not among them.
  const options: ComponentWithLogs[] = useMemo(() => {
    const list = components.components ?? [];
    if (component && !list.some((c) => c.id === component.id))
      return [{ id: component.id, name: component.name, icon: null, type: null }, ...list];
    return list;
  }, [components.components, component]);

  return (
    <PageSection>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            <FormSelect
              aria-label="Component"
              value={state.componentId ?? NONE}
              isDisabled={!components.components && !component}
              onChange={(_e, id) => update({ componentId: id || undefined })}
              style={{ minWidth: '14rem' }}
            >
              <FormSelectOption value={NONE} label="None" />
              {options.map((c) => (
                <FormSelectOption key={c.id} value={c.id} label={c.name} />
              ))}
            </FormSelect>
          </ToolbarItem>
          <ToolbarItem>
            <FormSelect
              aria-label="Log"
              value={logName ?? NONE}
              isDisabled={!component?.names.length}
              onChange={(_e, name) => update({ logName: name || undefined })}
              style={{ minWidth: '10rem' }}
            >
              {(component?.names ?? []).map((n) => (
                <FormSelectOption key={n} value={n} label={n} />
              ))}
              {!component?.names.length && <FormSelectOption value={NONE} label="No logs" />}
            </FormSelect>
          </ToolbarItem>
          <ToolbarItem>
            <QueryField value={state.query} onCommit={(query) => update({ query })} />
          </ToolbarItem>
          <ToolbarItem>
            <TimeRangePicker
              value={state.range}
              recentStorageKey="vigil.logs.recentRanges"
              onChange={(range) => update({ range: range ?? DEFAULT_RANGE })}
            />
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      {components.error && <Alert variant="danger" isInline title={COMPONENTS_FAILED} />}
      {!state.componentId ? (
        <Bullseye style={{ minHeight: '30vh' }}>
          <EmptyState headingLevel="h2" titleText={SELECT_COMPONENT} variant="sm" />
        </Bullseye>
      ) : componentError ? (
        <Alert variant="danger" isInline title={componentError.message} />
      ) : !component && !componentLoading ? (
        <Alert variant="info" isInline title="This component was not found" />
      ) : component && !component.names.length ? (
        <Alert variant="info" isInline title={`${component.name} has no logs`} />
      ) : (
        <SearchResults
          key={search ? JSON.stringify(search) : 'none'}
          search={search}
          componentName={component?.name}
          result={result}
        />
      )}
    </PageSection>
  );
}

/** The lines of one search, with what went wrong, and the selection to attach. */
function SearchResults(props: {
  search: LogSearch | undefined;
  componentName: string | undefined;
  result: ReturnType<typeof useLogSearch>;
}) {
  const { search, result } = props;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const errors = result.pages.flatMap((p) => p.errors ?? []);
  const partial = result.pages[result.pages.length - 1]?.partial;
  const count = selected.size;
  const evidence = search
    ? logEvidence(search.id, result.lines, [...selected], {
        logName: search.name,
        query: search.query,
        start: search.start,
        description: `${props.componentName ?? 'Component'} logs${search.name ? ` (${search.name})` : ''}`,
      })
    : undefined;

  return (
    <>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem alignSelf="center">
            {count
              ? `${count} line${count === 1 ? '' : 's'} selected`
              : 'Select lines to attach them to an incident'}
          </ToolbarItem>
          {evidence && (
            <ToolbarItem>
              <LinkToIncidentButton
                evidence={evidence}
                isDisabled={count === 0}
                onLinked={(ok) => ok && setSelected(new Set())}
              />
            </ToolbarItem>
          )}
        </ToolbarContent>
      </Toolbar>
      {result.error && (
        <Alert variant="danger" isInline title={result.error.message} style={{ marginBottom: 8 }} />
      )}
      {errors.map((e, i) => (
        <Alert
          key={`${e.backend}-${i}`}
          variant="warning"
          isInline
          isPlain
          title={e.backend ? `${e.backend}: ${e.message}` : e.message}
        />
      ))}
      {partial && (
        <Alert
          variant="info"
          isInline
          isPlain
          title="The search stopped before filling the page; scroll down to search further back."
        />
      )}
      <LogsTable
        lines={result.lines}
        selected={selected}
        onSelect={setSelected}
        isLoading={!search || result.isLoading}
        emptyText={NO_MATCHING_LOGS}
        onEndReached={result.hasMore ? result.more : undefined}
        loadingMore={result.loadingMore}
      />
    </>
  );
}
