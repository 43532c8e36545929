import type { Property } from '../api/session';

/** Areas that a deployment can switch off with the property `<feature>.disable` = 'true'. */
export type Feature =
  | 'topology'
  | 'health'
  | 'incidents'
  | 'config'
  | 'logs'
  | 'playbooks'
  | 'agents'
  | `settings.${SettingsFeature}`;

export type SettingsFeature =
  | 'connections'
  | 'users'
  | 'teams'
  | 'rules'
  | 'config_scraper'
  | 'topology'
  | 'health'
  | 'job_history'
  | 'feature_flags'
  | 'logging_backends'
  | 'event_queue_status'
  | 'organization_profile'
  | 'notifications'
  | 'playbooks'
  | 'integrations'
  | 'permissions';

/** Settings pages that go with an area (spec 000 §6): off when the area is off. */
const FOLLOWS: Partial<Record<Feature, Feature>> = {
  'settings.config_scraper': 'config',
  'settings.topology': 'topology',
  'settings.health': 'health',
  'settings.job_history': 'health',
  // Log Backends is hidden when logs are off (spec 001 §6).
  'settings.logging_backends': 'logs',
};

export type FeatureFlags = (feature: Feature) => boolean;

export function featureFlags(properties: readonly Property[]): FeatureFlags {
  const disabled = new Set(
    properties
      .filter((p) => p.name.endsWith('.disable') && p.value.trim().toLowerCase() === 'true')
      .map((p) => p.name.slice(0, -'.disable'.length)),
  );
  const enabled = (feature: Feature): boolean => {
    if (disabled.has(feature)) return false;
    const parent = FOLLOWS[feature];
    return parent ? enabled(parent) : true;
  };
  return enabled;
}

/**
 * The switch that turns `feature` off: its own, or that of the area it follows (settings.health
 * is off when health is). Undefined when the feature is on.
 */
export function disablingSwitch(feature: Feature, enabled: FeatureFlags): Feature | undefined {
  if (enabled(feature)) return undefined;
  let current = feature;
  for (let parent = FOLLOWS[current]; parent && !enabled(parent); parent = FOLLOWS[current]) {
    current = parent;
  }
  return current;
}
