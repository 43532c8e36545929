import { Label } from '@patternfly/react-core';

type LabelColor = 'yellow' | 'green' | 'orange' | 'red' | 'grey';

/** Job status colours (spec 001 §4). */
export const JOB_STATUS_COLORS: Readonly<Record<string, LabelColor>> = {
  RUNNING: 'yellow',
  SUCCESS: 'green',
  WARNING: 'orange',
  FAILED: 'red',
  STOPPED: 'red',
};

export function JobStatusLabel({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <Label isCompact color={JOB_STATUS_COLORS[status] ?? 'grey'}>
      {status}
    </Label>
  );
}
