/** The catalog index screens' routes (spec 002 §2 'Catalog'). */
export const CATALOG_PATH = '/catalog';
export const CHANGES_PATH = '/catalog/changes';
export const INSIGHTS_PATH = '/catalog/insights';
export const SCRAPERS_PATH = '/catalog/scrapers';
export const PREFERENCES_PATH = '/catalog/preferences';

export const configPath = (id: string) => `${CATALOG_PATH}/${encodeURIComponent(id)}`;
export const scraperPath = (id: string) => `${SCRAPERS_PATH}/${encodeURIComponent(id)}`;

/** The query parameter that carries across the Catalog, Changes and Insights tabs. */
export const CONFIG_TYPE_PARAM = 'configType';

export type CatalogTab = 'catalog' | 'changes' | 'insights' | 'scrapers';

export const CATALOG_TABS: readonly { id: CatalogTab; title: string; path: string }[] = [
  { id: 'catalog', title: 'Catalog', path: CATALOG_PATH },
  { id: 'changes', title: 'Changes', path: CHANGES_PATH },
  { id: 'insights', title: 'Insights', path: INSIGHTS_PATH },
  { id: 'scrapers', title: 'Scrapers', path: SCRAPERS_PATH },
];

/** A tab's link: the config type filter goes along, except to Scrapers, which has none. */
export function tabHref(tab: CatalogTab, configType: string | null | undefined): string {
  const path = CATALOG_TABS.find((t) => t.id === tab)?.path ?? CATALOG_PATH;
  if (tab === 'scrapers' || !configType) return path;
  return `${path}?${new URLSearchParams({ [CONFIG_TYPE_PARAM]: configType }).toString()}`;
}
