/** The Resource Type filter's choices (spec 001 "Job History page"). */
export const JOB_RESOURCE_TYPE_ITEMS = [
  { value: 'canary', label: 'Canary' },
  { value: 'topology', label: 'Topology' },
  { value: 'config_scraper', label: 'Catalog Scraper' },
] as const;

/** The Status filter's choices; STOPPED exists but is not offered (spec 001). */
export const JOB_STATUS_ITEMS = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED'].map((value) => ({
  value,
})) as readonly { value: string }[];

/** Where the resource a job ran for is edited, when the console has a page for it. */
export function jobResourceHref(
  type: string | null | undefined,
  id: string | null | undefined,
): string | undefined {
  if (!id) return undefined;
  const key = encodeURIComponent(id);
  switch (type) {
    case 'canary':
      return `/settings/canaries/${key}`;
    case 'topology':
      return `/settings/topologies/${key}`;
    case 'config_scraper':
      return `/catalog/scrapers/${key}`;
    case 'team':
      return `/settings/teams/${key}`;
    case 'incident_rule':
      return `/settings/incident_rules/${key}`;
    case 'playbook':
      return `/playbooks/${key}`;
    case 'component':
    case 'components':
      return `/topology/${key}`;
    default:
      return undefined;
  }
}
