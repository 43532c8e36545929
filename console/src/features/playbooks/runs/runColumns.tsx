import type { DataTableColumn } from '../../../components/DataTable/DataTable';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { playbookTitle } from '../types';
import type { RunListRow } from './api';
import { ResourceLink } from './ResourceLink';
import { runDuration } from './runStatus';
import { RunStatusLabel } from './RunStatusLabel';

/** The run list's columns (the brief of /playbooks/runs). */
export const RUN_COLUMNS: DataTableColumn<RunListRow>[] = [
  { id: 'playbook', header: 'Playbook', cell: (r) => playbookTitle(r.playbooks) },
  { id: 'resource', header: 'Resource', cell: (r) => <ResourceLink refs={r} /> },
  { id: 'status', header: 'Status', cell: (r) => <RunStatusLabel status={r.status} /> },
  { id: 'start_time', header: 'Started', cell: (r) => <TimeAgo at={r.start_time} /> },
  { id: 'duration', header: 'Duration', cell: (r) => runDuration(r.start_time, r.end_time) },
  { id: 'created_by', header: 'Created By', cell: (r) => r.created_by?.name ?? '' },
];
