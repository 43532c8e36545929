import {
  Alert,
  Card,
  CardBody,
  FormSelect,
  FormSelectOption,
  Switch,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable';
import { Pagination } from '../../../components/Pagination/Pagination';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { TIME_RANGE_OPTIONS } from '../../../lib/timeRange';
import type { ConfigDetail } from '../model';
import { SeverityLabel } from '../SeverityLabel';
import { tabPath } from '../tabs';
import { CHANGES_PAGE_SIZE, useConfigChanges, type CatalogChange, type ChangeScope } from './api';
import { ChangeDetailDialog } from './ChangeDetailDialog';

/** Spec 002 §9: change lists cover the last 2 days unless told otherwise. */
export const DEFAULT_CHANGE_RANGE = '2d';

const DIRECTIONS: readonly { value: Exclude<ChangeScope, 'none'>; label: string }[] = [
  { value: 'downstream', label: 'Downstream' },
  { value: 'upstream', label: 'Upstream' },
  { value: 'all', label: 'Upstream and downstream' },
];

function columns(configId: string, withConfig: boolean): DataTableColumn<CatalogChange>[] {
  const all: (DataTableColumn<CatalogChange> | false)[] = [
    { id: 'change_type', header: 'Change', cell: (c) => c.change_type ?? '-' },
    { id: 'summary', header: 'Summary', cell: (c) => c.summary ?? '' },
    withConfig && {
      id: 'name',
      header: 'Config',
      cell: (c) =>
        c.config_id === configId ? (
          (c.name ?? '')
        ) : (
          <Link to={tabPath(c.config_id, 'changes')} onClick={(e) => e.stopPropagation()}>
            {c.name ?? c.config_id}
          </Link>
        ),
    },
    {
      id: 'severity',
      header: 'Severity',
      cell: (c) => <SeverityLabel severity={c.severity} />,
    },
    { id: 'source', header: 'Source', cell: (c) => c.source ?? '' },
    { id: 'count', header: 'Count', cell: (c) => c.count ?? 1 },
    { id: 'created_at', header: 'Created', cell: (c) => <TimeAgo at={c.created_at} /> },
  ];
  return all.filter((c): c is DataTableColumn<CatalogChange> => c !== false);
}

/**
 * The Changes tab: the config's changes and, with "Include related configs", those of the
 * configs related to it (POST /api/catalog/changes with `recursive`), newest first, paged on
 * the server. A change opens with its diff.
 */
export function ChangesTab({ config }: { config: ConfigDetail }) {
  const [related, setRelated] = useState(false);
  const [direction, setDirection] = useState<Exclude<ChangeScope, 'none'>>('downstream');
  const [rangeKey, setRangeKey] = useState(DEFAULT_CHANGE_RANGE);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(CHANGES_PAGE_SIZE);
  const [opened, setOpened] = useState<CatalogChange>();
  const from = TIME_RANGE_OPTIONS.find((o) => o.key === rangeKey)?.range ?? 'now-2d';
  const { answer, error, isLoading } = useConfigChanges({
    id: config.id,
    recursive: related ? direction : 'none',
    from,
    page,
    pageSize,
  });
  const cols = useMemo(() => columns(config.id, related), [config.id, related]);

  return (
    <Card isCompact>
      <CardBody>
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem alignSelf="center">
              <Switch
                id={`related-changes-${config.id}`}
                label="Include related configs"
                isChecked={related}
                onChange={(_e, checked) => {
                  setRelated(checked);
                  setPage(1);
                }}
              />
            </ToolbarItem>
            <ToolbarItem>
              <FormSelect
                aria-label="Related direction"
                value={direction}
                isDisabled={!related}
                onChange={(_e, value) => {
                  setDirection(value as Exclude<ChangeScope, 'none'>);
                  setPage(1);
                }}
              >
                {DIRECTIONS.map((d) => (
                  <FormSelectOption key={d.value} value={d.value} label={d.label} />
                ))}
              </FormSelect>
            </ToolbarItem>
            <ToolbarItem>
              <FormSelect
                aria-label="Time range"
                value={rangeKey}
                onChange={(_e, value) => {
                  setRangeKey(value);
                  setPage(1);
                }}
              >
                {TIME_RANGE_OPTIONS.map((o) => (
                  <FormSelectOption key={o.key} value={o.key} label={o.label} />
                ))}
              </FormSelect>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
        {error && <Alert variant="danger" isInline title={error.message} />}
        <DataTable
          tableId={`config-changes-${config.id}`}
          aria-label="Changes"
          columns={cols}
          rows={answer?.changes ?? []}
          rowKey={(c) => c.id}
          isLoading={isLoading && !answer}
          emptyText="No changes"
          onRowClick={setOpened}
          manualSort
        />
        <div style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}>
          <Pagination
            page={page}
            pageSize={pageSize}
            totalRows={answer?.total ?? 0}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            isDisabled={isLoading}
          />
        </div>
        <ChangeDetailDialog change={opened} onClose={() => setOpened(undefined)} />
      </CardBody>
    </Card>
  );
}
