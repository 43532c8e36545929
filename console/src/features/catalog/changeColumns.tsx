import { Button } from '@patternfly/react-core';
import { FilterIcon } from '@patternfly/react-icons';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '../../components/DataTable/DataTable';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';
import type { CatalogChange } from './changesApi';
import type { FreeFilter } from './changesUrlState';
import { ConfigIcon } from './ConfigIcon';

/** A value in a row that filters the list by itself when its button is pressed. */
function Filterable(props: { children: ReactNode; label: string; onFilter: () => void }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      {props.children}
      <Button
        variant="plain"
        size="sm"
        aria-label={`Filter by ${props.label}`}
        icon={<FilterIcon />}
        style={{ padding: '0 4px' }}
        onClick={(event) => {
          event.stopPropagation();
          props.onFilter();
        }}
      />
    </span>
  );
}

export function changeColumns(
  filter: (key: FreeFilter, value: string) => void,
  createdBy: (change: CatalogChange) => string,
): DataTableColumn<CatalogChange>[] {
  return [
    {
      id: 'created_at',
      header: 'Created',
      sortable: true,
      cell: (c) => <TimeAgo at={c.created_at} />,
    },
    {
      id: 'name',
      header: 'Config',
      sortable: true,
      cell: (c) => (
        <Filterable
          label={`config ${c.name ?? c.config_id}`}
          onFilter={() => filter('id', c.config_id)}
        >
          <ConfigIcon type={c.type} />
          {c.name ?? c.config_id}
        </Filterable>
      ),
    },
    { id: 'change_type', header: 'Change', sortable: true, cell: (c) => c.change_type ?? '' },
    { id: 'severity', header: 'Severity', sortable: true, cell: (c) => c.severity ?? '' },
    {
      id: 'summary',
      header: 'Summary',
      sortable: true,
      cell: (c) =>
        c.summary ? (
          <Filterable
            label={`summary ${c.summary}`}
            onFilter={() => filter('summary', c.summary ?? '')}
          >
            {c.summary}
          </Filterable>
        ) : null,
    },
    {
      id: 'source',
      header: 'Source',
      sortable: true,
      cell: (c) =>
        c.source ? (
          <Filterable
            label={`source ${c.source}`}
            onFilter={() => filter('source', c.source ?? '')}
          >
            {c.source}
          </Filterable>
        ) : null,
    },
    {
      id: 'created_by',
      header: 'Created By',
      cell: (c) => {
        const who = createdBy(c);
        if (!who) return null;
        const [key, value] = c.created_by
          ? (['created_by', c.created_by] as const)
          : (['external_created_by', c.external_created_by ?? ''] as const);
        return (
          <Filterable label={`creator ${who}`} onFilter={() => filter(key, value)}>
            {who}
          </Filterable>
        );
      },
    },
    { id: 'count', header: 'Count', sortable: true, cell: (c) => c.count ?? 1 },
  ];
}
