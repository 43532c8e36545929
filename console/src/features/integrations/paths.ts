/** The integrations list (spec 001 §2). */
export const INTEGRATIONS_PATH = '/settings/integrations';

/** What an integration row can be (integrations_with_status.integration_type). */
export const INTEGRATION_TYPES = ['scrapers', 'topologies', 'logging_backends'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export function isIntegrationType(value: string): value is IntegrationType {
  return (INTEGRATION_TYPES as readonly string[]).includes(value);
}

/** How each type reads in the list. */
export const INTEGRATION_TYPE_LABELS: Record<IntegrationType, string> = {
  scrapers: 'Catalog Scraper',
  topologies: 'Topology',
  logging_backends: 'Log Backend',
};

/** /settings/integrations/{type}/{id} (spec 001 §2). */
export const integrationPath = (type: string, id: string) =>
  `${INTEGRATIONS_PATH}/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;
