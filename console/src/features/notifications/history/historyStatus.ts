/**
 * Send-history statuses (spec 002 §4, crds.md §5): the six the spec lists first, then the ones
 * the engine also writes while a send waits or is decided against.
 */
export const HISTORY_STATUSES = [
  'sent',
  'error',
  'pending',
  'cancelled',
  'repeat-interval',
  'silenced',
  'skipped',
  'inhibited',
  'evaluating-waitfor',
  'attempting_fallback',
  'pending_playbook_run',
  'pending_playbook_completion',
] as const;

const LABELS: Record<string, string> = {
  sent: 'Sent',
  error: 'Error',
  pending: 'Pending',
  cancelled: 'Cancelled',
  'repeat-interval': 'Repeated',
  silenced: 'Silenced',
  skipped: 'Skipped',
  inhibited: 'Inhibited',
  'evaluating-waitfor': 'Evaluating wait for',
  attempting_fallback: 'Attempting fallback',
  pending_playbook_run: 'Pending playbook run',
  pending_playbook_completion: 'Pending playbook completion',
};

export function historyStatusText(status: string | null | undefined): string {
  if (!status) return '';
  const known = LABELS[status];
  if (known) return known;
  const words = status.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type StatusColor = 'green' | 'red' | 'orange' | 'blue' | 'purple' | 'grey' | 'yellow';

const COLORS: Record<string, StatusColor> = {
  sent: 'green',
  error: 'red',
  pending: 'blue',
  'evaluating-waitfor': 'blue',
  attempting_fallback: 'orange',
  pending_playbook_run: 'blue',
  pending_playbook_completion: 'blue',
  cancelled: 'grey',
  'repeat-interval': 'purple',
  silenced: 'yellow',
  skipped: 'grey',
  inhibited: 'grey',
};

export function historyStatusColor(status: string | null | undefined): StatusColor {
  return (status && COLORS[status]) || 'grey';
}

/** Kinds of resource the history can be filtered by (spec 002 §3, and the engine's own). */
export const HISTORY_RESOURCE_TYPES = [
  { value: 'check', label: 'Health check' },
  { value: 'config', label: 'Catalog' },
  { value: 'component', label: 'Component' },
  { value: 'incident', label: 'Incident' },
  { value: 'playbook', label: 'Playbook' },
] as const;
