import { Button, Label } from '@patternfly/react-core';
import { TrashIcon } from '@patternfly/react-icons';
import type { DataTableColumn } from '../../../components/DataTable/DataTable';
import { isExternal } from '../../../components/SourceLink/SourceLink';
import { formatDateTime } from '../../../lib/format';
import { PersonCell, ResourceCell, type ResourceRef } from '../cells';
import type { SilenceRow } from './api';
import { silenceState, type SilenceState } from './silenceModel';

/** The silenced resource: what the embeds say, else the bare id (a canary has no embed). */
export function silencedResource(row: SilenceRow): { kind: string; resource: ResourceRef } | null {
  if (row.checks) return { kind: 'check', resource: row.checks };
  if (row.catalog) return { kind: 'config', resource: row.catalog };
  if (row.component) return { kind: 'component', resource: row.component };
  if (row.check_id) return { kind: 'check', resource: { id: row.check_id } };
  if (row.config_id) return { kind: 'config', resource: { id: row.config_id } };
  if (row.component_id) return { kind: 'component', resource: { id: row.component_id } };
  if (row.canary_id) return { kind: 'canary', resource: { id: row.canary_id } };
  return null;
}

const STATES: Record<SilenceState, { text: string; color: 'green' | 'grey' | 'blue' }> = {
  active: { text: 'Active', color: 'green' },
  expired: { text: 'Expired', color: 'grey' },
  scheduled: { text: 'Scheduled', color: 'blue' },
};

export function DurationCell({ row }: { row: Pick<SilenceRow, 'from' | 'until'> }) {
  const state = STATES[silenceState(row)];
  return (
    <span>
      {formatDateTime(row.from)} – {formatDateTime(row.until)}{' '}
      <Label isCompact color={state.color}>
        {state.text}
      </Label>
    </span>
  );
}

function ResourceColumn({ row }: { row: SilenceRow }) {
  const silenced = silencedResource(row);
  if (!silenced) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 'var(--pf-t--global--spacer--sm)' }}>
      <ResourceCell kind={silenced.kind} resource={silenced.resource} />
      {row.recursive && <Label isCompact>Recursive</Label>}
    </span>
  );
}

/** The silence list's columns (spec 002 §2); Delete only for those who may delete. */
export function silenceColumns(
  onDelete?: (row: SilenceRow) => void,
): DataTableColumn<SilenceRow>[] {
  const columns: DataTableColumn<SilenceRow>[] = [
    { id: 'resource', header: 'Resource', cell: (r) => <ResourceColumn row={r} /> },
    { id: 'duration', header: 'Duration', cell: (r) => <DurationCell row={r} /> },
    { id: 'source', header: 'Source', cell: (r) => r.source ?? '' },
    { id: 'description', header: 'Reason', cell: (r) => r.description ?? '' },
    { id: 'created_by', header: 'Created By', cell: (r) => <PersonCell person={r.createdBy} /> },
  ];
  if (onDelete) {
    columns.push({
      id: 'delete',
      header: 'Delete',
      width: 10,
      cell: (r) => {
        const name = silencedResource(r)?.resource.name || r.id;
        return (
          <Button
            variant="plain"
            aria-label={`Delete silence for ${name}`}
            icon={<TrashIcon />}
            // Made elsewhere (kubectl): delete it there.
            isDisabled={isExternal(r)}
            onClick={(event) => {
              event.stopPropagation();
              onDelete(r);
            }}
          />
        );
      },
    });
  }
  return columns;
}
