import type { Grant } from '../api/session';
import type { Feature } from './features';

export interface NavEntry {
  label: string;
  path: string;
  feature: Feature;
  /** The policy object the user must be able to read to see the entry. */
  object?: string;
}

export const MAIN_NAV: readonly NavEntry[] = [
  { label: 'Dashboard', path: '/topology', feature: 'topology' },
  { label: 'Health', path: '/health', feature: 'health' },
  { label: 'Incidents', path: '/incidents', feature: 'incidents' },
  { label: 'Catalog', path: '/catalog', feature: 'config' },
  { label: 'Logs', path: '/logs', feature: 'logs' },
  { label: 'Playbooks', path: '/playbooks', feature: 'playbooks' },
];

export const SETTINGS_NAV: readonly NavEntry[] = [
  {
    label: 'Connections',
    path: '/settings/connections',
    feature: 'settings.connections',
    object: 'connections',
  },
  { label: 'Users', path: '/settings/users', feature: 'settings.users', object: 'identities' },
  { label: 'Teams', path: '/settings/teams', feature: 'settings.teams', object: 'database' },
  {
    label: 'Permissions',
    path: '/settings/permissions',
    feature: 'settings.permissions',
    object: 'permissions',
  },
  {
    label: 'Incident Rules',
    path: '/settings/incident_rules',
    feature: 'settings.rules',
    object: 'incident',
  },
  {
    label: 'Catalog Scrapers',
    path: '/settings/config_scrapers',
    feature: 'settings.config_scraper',
    object: 'config_scrapers',
  },
  {
    label: 'Topologies',
    path: '/settings/topologies',
    feature: 'settings.topology',
    object: 'topologies',
  },
  {
    label: 'Health Checks',
    path: '/settings/canaries',
    feature: 'settings.health',
    object: 'canaries',
  },
  {
    label: 'Playbooks',
    path: '/settings/playbooks',
    feature: 'settings.playbooks',
    object: 'playbooks',
  },
  {
    label: 'Notifications',
    path: '/settings/notifications',
    feature: 'settings.notifications',
    object: 'notifications',
  },
  {
    label: 'Jobs History',
    path: '/settings/jobs',
    feature: 'settings.job_history',
    object: 'database',
  },
  {
    label: 'Feature Flags',
    path: '/settings/feature-flags',
    feature: 'settings.feature_flags',
    object: 'properties',
  },
  {
    label: 'Log Backends',
    path: '/settings/logging_backends',
    feature: 'settings.logging_backends',
    object: 'logging_backends',
  },
  {
    label: 'Event Queue',
    path: '/settings/event-queue-status',
    feature: 'settings.event_queue_status',
    object: 'database',
  },
  { label: 'Agents', path: '/settings/agents', feature: 'agents', object: 'agents' },
  {
    label: 'Integrations',
    path: '/settings/integrations',
    feature: 'settings.integrations',
    object: 'integrations',
  },
];

export interface Viewer {
  roles: readonly string[];
  permissions: readonly Grant[];
}

function canRead(viewer: Viewer, object: string | undefined): boolean {
  return !object || viewer.permissions.some((g) => g.object === object && g.action === 'read');
}

/** A user whose only role is viewer (or who has none) never sees Settings. */
export function isViewerOnly(viewer: Viewer): boolean {
  return viewer.roles.every((r) => r === 'viewer');
}

export function visibleEntries(
  entries: readonly NavEntry[],
  enabled: (f: Feature) => boolean,
  viewer: Viewer,
): NavEntry[] {
  return entries.filter((e) => enabled(e.feature) && canRead(viewer, e.object));
}

export function visibleSettings(enabled: (f: Feature) => boolean, viewer: Viewer): NavEntry[] {
  return isViewerOnly(viewer) ? [] : visibleEntries(SETTINGS_NAV, enabled, viewer);
}
