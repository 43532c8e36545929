import { Label } from '@patternfly/react-core';
import { statusText } from './runStatus';

type LabelColor = 'green' | 'red' | 'orange' | 'blue' | 'purple' | 'grey' | 'yellow';

/** Run and action statuses and their colours. */
const COLORS: Readonly<Record<string, LabelColor>> = {
  completed: 'green',
  failed: 'red',
  timed_out: 'red',
  cancelled: 'orange',
  running: 'blue',
  retrying: 'blue',
  pending_approval: 'yellow',
  pending: 'grey',
  scheduled: 'grey',
  waiting: 'purple',
  sleeping: 'purple',
  skipped: 'grey',
};

export function RunStatusLabel({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <Label isCompact color={COLORS[status.toLowerCase()] ?? 'grey'}>
      {statusText(status)}
    </Label>
  );
}
