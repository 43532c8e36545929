import { Label } from '@patternfly/react-core';

type LabelColor = 'green' | 'red' | 'orange' | 'blue' | 'purple' | 'grey';

/** Playbook run statuses (spec 002 'Playbook run') and their colours. */
const RUN_STATUS_COLORS: Readonly<Record<string, LabelColor>> = {
  completed: 'green',
  failed: 'red',
  cancelled: 'orange',
  running: 'blue',
  pending: 'grey',
  waiting: 'purple',
  scheduled: 'grey',
  sleeping: 'purple',
  skipped: 'grey',
};

export function RunStatusLabel({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <Label isCompact color={RUN_STATUS_COLORS[status.toLowerCase()] ?? 'grey'}>
      {status}
    </Label>
  );
}
