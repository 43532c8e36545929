import { badRequest } from '../errors.js';

/** How often an agent scrapes its own cluster (the console offers these; 30m by default). */
export const SCRAPE_INTERVALS = ['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h'] as const;
export const DEFAULT_SCRAPE_INTERVAL = '30m';

export interface AgentSpec {
  kubernetes?: { enabled: boolean; interval: string };
  pushTelemetry?: { enabled: boolean; topologyName?: string };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** An agent's settings from a request body, checked field by field. */
export function parseAgentSpec(value: unknown): AgentSpec {
  if (value === undefined || value === null) return {};
  if (!isObject(value))
    throw badRequest('spec must be an object with kubernetes and pushTelemetry');
  const spec: AgentSpec = {};
  const { kubernetes, pushTelemetry, ...rest } = value;
  const unknown = Object.keys(rest);
  if (unknown.length)
    throw badRequest(`spec.${unknown[0]} is not an agent setting: use kubernetes, pushTelemetry`);
  if (kubernetes !== undefined) {
    if (!isObject(kubernetes)) throw badRequest('spec.kubernetes must be {enabled, interval}');
    const interval = kubernetes.interval ?? DEFAULT_SCRAPE_INTERVAL;
    if (typeof interval !== 'string' || !(SCRAPE_INTERVALS as readonly string[]).includes(interval))
      throw badRequest(`spec.kubernetes.interval must be one of ${SCRAPE_INTERVALS.join(', ')}`);
    spec.kubernetes = { enabled: kubernetes.enabled === true, interval };
  }
  if (pushTelemetry !== undefined) {
    if (!isObject(pushTelemetry))
      throw badRequest('spec.pushTelemetry must be {enabled, topologyName}');
    const name = pushTelemetry.topologyName;
    if (name !== undefined && name !== null && typeof name !== 'string')
      throw badRequest('spec.pushTelemetry.topologyName must be text');
    spec.pushTelemetry = {
      enabled: pushTelemetry.enabled === true,
      ...(name ? { topologyName: name } : {}),
    };
  }
  return spec;
}

/** Key/value labels: an object of strings (the `type: agent` marker is the server's own). */
export function parseAgentProperties(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw badRequest('properties must be an object of key/value labels');
  const labels: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'type') continue;
    if (!/^[A-Za-z0-9]([A-Za-z0-9._/-]{0,252}[A-Za-z0-9])?$/.test(key))
      throw badRequest(
        `properties: "${key}" is not a label key (letters, digits, '.', '_', '/', '-')`,
      );
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      throw badRequest(`properties.${key} must be text`);
    labels[key] = String(v);
  }
  return labels;
}
