import type { ReactNode } from 'react';
import type { Feature } from '../../app/features';
import { JobsPage, JOBS_TITLE } from '../jobs/JobsPage';
import { TEAMS } from '../teams/teamsKind';
import type { SettingsKind } from './kind';
import { ResourceDetailPage } from './ResourceDetailPage';
import { ResourceListPage } from './ResourceListPage';
import { RedirectTo } from './SettingsFallback';

export interface SettingsRoute {
  /** Under /settings. */
  path: string;
  title: string;
  feature?: Feature;
  element: ReactNode;
}

/** The tables served by the generic list and detail shell (spec 001 §3 without a page of their own). */
export const GENERIC_KINDS: readonly SettingsKind[] = [TEAMS];

const kindRoutes = (kind: SettingsKind): SettingsRoute[] => [
  {
    path: kind.table,
    title: kind.title,
    feature: kind.feature,
    element: <ResourceListPage kind={kind} />,
  },
  {
    path: `${kind.table}/:id`,
    title: kind.title,
    feature: kind.feature,
    element: <ResourceDetailPage kind={kind} />,
  },
];

const id = (value: string | undefined) => encodeURIComponent(value ?? '');

/**
 * Tables of spec 001 §3 whose screens live elsewhere: /settings/{table}[/{id}] goes there, so
 * the generic URL works for every table. The destination checks its own switch and grants.
 */
const ELSEWHERE: { table: string; title: string; list: string; one: (id: string) => string }[] = [
  {
    table: 'config_scrapers',
    title: 'Catalog Scrapers',
    list: '/catalog/scrapers',
    one: (v) => `/catalog/scrapers/${id(v)}`,
  },
  {
    table: 'notifications',
    title: 'Notifications',
    list: '/notifications/rules',
    one: (v) => `/notifications/rules?${new URLSearchParams({ id: v }).toString()}`,
  },
  {
    table: 'playbooks',
    title: 'Playbooks',
    list: '/playbooks',
    one: (v) => `/playbooks/${id(v)}`,
  },
  {
    table: 'properties',
    title: 'Feature Flags',
    list: '/settings/feature-flags',
    one: () => '/settings/feature-flags',
  },
];

/** The settings routes of this area, assembled under /settings by app/routes.tsx. */
export const settingsRoutes: SettingsRoute[] = [
  ...GENERIC_KINDS.flatMap(kindRoutes),
  { path: 'jobs', title: JOBS_TITLE, feature: 'settings.job_history', element: <JobsPage /> },
  ...ELSEWHERE.flatMap(({ table, title, list, one }) => [
    { path: table, title, element: <RedirectTo to={() => list} /> },
    { path: `${table}/:id`, title, element: <RedirectTo to={(v) => one(v ?? '')} /> },
  ]),
];
