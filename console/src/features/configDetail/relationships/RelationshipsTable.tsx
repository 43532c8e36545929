import { Flex, Label } from '@patternfly/react-core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable';
import { RowActions } from '../../../components/RowActions/RowActions';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { HealthLabel } from '../HealthLabel';
import { tabPath } from '../tabs';
import type { RelatedConfig } from './api';
import type { Relation } from './relationRows';

const RELATION_TEXT: Record<Relation, string> = {
  outgoing: 'Outgoing',
  incoming: 'Incoming',
  both: 'Both',
};

export interface RelationshipsTableProps {
  configId: string;
  rows: readonly RelatedConfig[];
  relations: ReadonlyMap<string, Relation>;
  /** Related configs joined to this one by a manual link. */
  manuallyLinked: ReadonlySet<string>;
  canRemoveLinks: boolean;
  onRemoveLink: (row: RelatedConfig) => void;
  isLoading: boolean;
}

/** The related configs as a table, the deleted greyed and last; manual links can be removed. */
export function RelationshipsTable(props: RelationshipsTableProps) {
  const { configId, relations, manuallyLinked, canRemoveLinks, onRemoveLink } = props;
  const columns = useMemo<DataTableColumn<RelatedConfig>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: (c) => (
          <Flex
            gap={{ default: 'gapSm' }}
            alignItems={{ default: 'alignItemsCenter' }}
            style={c.deleted_at ? { opacity: 0.6 } : undefined}
          >
            <Link to={tabPath(c.id, 'config')}>{c.name || c.id}</Link>
            {c.deleted_at && (
              <Label isCompact color="grey">
                Deleted <TimeAgo at={c.deleted_at} />
              </Label>
            )}
            {manuallyLinked.has(c.id) && (
              <Label isCompact color="blue">
                Manual link
              </Label>
            )}
          </Flex>
        ),
      },
      { id: 'type', header: 'Type', cell: (c) => c.type },
      { id: 'health', header: 'Health', cell: (c) => <HealthLabel health={c.health} /> },
      { id: 'status', header: 'Status', cell: (c) => c.status ?? '' },
      {
        id: 'relation',
        header: 'Relation',
        cell: (c) => {
          const relation = relations.get(c.id);
          return relation ? RELATION_TEXT[relation] : '';
        },
      },
      { id: 'changes', header: 'Changes', cell: (c) => c.changes ?? 0 },
      { id: 'updated_at', header: 'Updated', cell: (c) => <TimeAgo at={c.updated_at} /> },
      {
        id: 'actions',
        header: '',
        width: 10,
        cell: (c) =>
          canRemoveLinks && manuallyLinked.has(c.id) ? (
            <RowActions
              aria-label={`Actions for ${c.name || c.id}`}
              actions={[{ label: 'Remove link', isDanger: true, onClick: () => onRemoveLink(c) }]}
            />
          ) : null,
      },
    ],
    [relations, manuallyLinked, canRemoveLinks, onRemoveLink],
  );
  return (
    <DataTable
      tableId={`config-relationships-${configId}`}
      aria-label="Related configs"
      columns={columns}
      rows={props.rows}
      rowKey={(c) => c.id}
      isLoading={props.isLoading}
      emptyText="No related configs"
      manualSort
    />
  );
}
