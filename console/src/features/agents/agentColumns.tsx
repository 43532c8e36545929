import { Label } from '@patternfly/react-core';
import type { DataTableColumn } from '../../components/DataTable/DataTable';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';
import { PersonCell } from '../notifications/cells';
import { isOnline, type AgentRow } from './agentModel';

export function AgentStatus({ lastSeen }: { lastSeen: string | null }) {
  return isOnline(lastSeen) ? (
    <Label color="green" isCompact>
      Online
    </Label>
  ) : (
    <Label color="grey" isCompact>
      Offline
    </Label>
  );
}

const count = (n: number | null) => n ?? 0;

/** Column ids are agents_summary's columns, so a header click sorts on the server by it. */
export const AGENT_COLUMNS: DataTableColumn<AgentRow>[] = [
  { id: 'name', header: 'Name', cell: (a) => a.name, sortable: true },
  { id: 'config_count', header: 'Configs', cell: (a) => count(a.config_count), sortable: true },
  { id: 'checks_count', header: 'Checks', cell: (a) => count(a.checks_count), sortable: true },
  {
    id: 'config_scrapper_count',
    header: 'Scrapers',
    cell: (a) => count(a.config_scrapper_count),
    sortable: true,
  },
  {
    id: 'playbook_runs_count',
    header: 'Playbook Runs',
    cell: (a) => count(a.playbook_runs_count),
    sortable: true,
  },
  // Online or not follows from when the agent was last seen, so that is what Status sorts by.
  {
    id: 'last_seen',
    header: 'Status',
    cell: (a) => <AgentStatus lastSeen={a.last_seen} />,
    sortable: true,
  },
  {
    id: 'last_received',
    header: 'Last Pushed',
    cell: (a) => <TimeAgo at={a.last_received} />,
    sortable: true,
  },
  {
    id: 'created_at',
    header: 'Created At',
    cell: (a) => <TimeAgo at={a.created_at} />,
    sortable: true,
  },
  {
    id: 'updated_at',
    header: 'Updated At',
    cell: (a) => <TimeAgo at={a.updated_at} />,
    sortable: true,
  },
  { id: 'created_by', header: 'Created By', cell: (a) => <PersonCell person={a.created_by} /> },
];
