import type { ConfigSummary } from './model';

/** The config detail tabs (spec 002 'Config detail'), in the order they are shown. */
export const CONFIG_TABS = [
  { key: 'config', title: 'Config', segment: '', badge: null },
  { key: 'changes', title: 'Changes', segment: 'changes', badge: 'changes' },
  { key: 'insights', title: 'Insights', segment: 'insights', badge: 'analysis' },
  {
    key: 'relationships',
    title: 'Relationships',
    segment: 'relationships',
    badge: 'relationships',
  },
  { key: 'playbooks', title: 'Playbooks', segment: 'playbooks', badge: 'playbook_runs' },
  { key: 'checks', title: 'Checks', segment: 'checks', badge: 'checks' },
] as const satisfies readonly {
  key: string;
  title: string;
  segment: string;
  badge: keyof ConfigSummary | null;
}[];

export type ConfigTabSpec = (typeof CONFIG_TABS)[number];
export type ConfigTab = ConfigTabSpec['key'];

/** The tab a `/catalog/{id}/{segment}` path shows; undefined for a segment that is no tab. */
export function tabFromSegment(segment: string | undefined): ConfigTab | undefined {
  return CONFIG_TABS.find((t) => t.segment === (segment ?? ''))?.key;
}

/** `/catalog/{id}` for the Config tab, `/catalog/{id}/{segment}` for the others. */
export function tabPath(id: string, tab: ConfigTab): string {
  const base = `/catalog/${encodeURIComponent(id)}`;
  const segment = CONFIG_TABS.find((t) => t.key === tab)?.segment;
  return segment ? `${base}/${segment}` : base;
}

/** The count on a tab's badge, from config_detail's summary; none for Config or no summary. */
export function tabBadge(tab: ConfigTabSpec, summary: ConfigSummary | null): number | undefined {
  if (!tab.badge || !summary) return undefined;
  const value = summary[tab.badge];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
