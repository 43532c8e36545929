export type StatusDotColor = 'red' | 'gray' | 'orange' | 'green';

const DOT_COLORS: Readonly<Record<string, StatusDotColor>> = {
  degraded: 'red',
  missing: 'red',
  unhealthy: 'red',
  unknown: 'gray',
  suspended: 'gray',
  warning: 'orange',
  mixed: 'orange',
};

/** Check status dot colour; anything not listed (healthy, passing, ...) is green. */
export function checkStatusColor(status: string | null | undefined): StatusDotColor {
  return DOT_COLORS[(status ?? '').trim().toLowerCase()] ?? 'green';
}

export type IncidentBadgeColor = 'light-green' | 'gray' | 'blue';

export function incidentStatusColor(status: string | null | undefined): IncidentBadgeColor {
  const s = (status ?? '').trim().toLowerCase();
  if (s === 'open') return 'light-green';
  if (s === 'closed') return 'gray';
  return 'blue';
}

/** PatternFly Label colours for the badge; a filled green Label is the light green. */
export const INCIDENT_BADGE_LABEL_COLOR = {
  'light-green': 'green',
  gray: 'grey',
  blue: 'blue',
} as const satisfies Record<IncidentBadgeColor, string>;
