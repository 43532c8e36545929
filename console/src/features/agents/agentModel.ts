import { INVALID_NAME, REQUIRED } from './messages';

/**
 * Agents as the console edits them (server contract: /api/agent). An agent's properties are
 * labels added to everything it creates; the server always adds `type: agent`, which the form
 * hides and never sends back.
 */

export interface PersonRef {
  id: string;
  name: string | null;
  avatar?: string | null;
}

export interface AgentSpec {
  kubernetes?: { enabled: boolean; interval: string };
  pushTelemetry?: { enabled: boolean; topologyName?: string };
}

/** A row of agents_summary. */
export interface AgentRow {
  id: string;
  name: string;
  properties: Record<string, string> | null;
  spec: AgentSpec | null;
  created_by: PersonRef | null;
  created_at: string;
  updated_at: string | null;
  last_seen: string | null;
  last_received: string | null;
  config_count: number | null;
  checks_count: number | null;
  /** Spelled so by the server. */
  config_scrapper_count: number | null;
  playbook_runs_count: number | null;
}

export interface AgentFormValues {
  name: string;
  properties: Record<string, string> | undefined;
  kubernetesEnabled: boolean;
  kubernetesInterval: string;
  pushTelemetryEnabled: boolean;
  topologyName: string;
}

export interface AgentPayload {
  properties: Record<string, string>;
  spec: {
    kubernetes: { enabled: boolean; interval: string };
    pushTelemetry: { enabled: boolean; topologyName: string };
  };
}

/** POST /api/agent/generate's answer; the token is never given again. */
export interface GeneratedAgent {
  id: string;
  agent_id: string;
  name: string;
  username: string;
  access_token: string;
}

export const KUBERNETES_INTERVALS = [
  '1m',
  '5m',
  '10m',
  '30m',
  '1h',
  '2h',
  '6h',
  '12h',
  '24h',
] as const;
export const DEFAULT_INTERVAL = '30m';

/** The property the server adds to every agent; not the user's to edit. */
const SERVER_PROPERTY = 'type';

/** An agent reports every 30 s or so: seen within 61 s, it is online (server contract). */
export const ONLINE_WITHIN_MS = 61_000;

export function isOnline(lastSeen: string | null | undefined, now = Date.now()): boolean {
  if (!lastSeen) return false;
  const at = new Date(lastSeen).getTime();
  return Number.isFinite(at) && now - at <= ONLINE_WITHIN_MS;
}

/** Lower-case letters, digits and dashes, at most 63 characters (server contract). */
export const NAME_PATTERN = /^[a-z0-9-]{1,63}$/;

export const EMPTY_AGENT: AgentFormValues = {
  name: '',
  properties: undefined,
  kubernetesEnabled: false,
  kubernetesInterval: DEFAULT_INTERVAL,
  pushTelemetryEnabled: false,
  topologyName: '',
};

function userProperties(
  properties: Record<string, string> | null | undefined,
): Record<string, string> | undefined {
  const entries = Object.entries(properties ?? {}).filter(([key]) => key !== SERVER_PROPERTY);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export function fromAgent(agent: AgentRow): AgentFormValues {
  const spec = agent.spec ?? {};
  return {
    name: agent.name,
    properties: userProperties(agent.properties),
    kubernetesEnabled: spec.kubernetes?.enabled ?? false,
    kubernetesInterval: spec.kubernetes?.interval || DEFAULT_INTERVAL,
    pushTelemetryEnabled: spec.pushTelemetry?.enabled ?? false,
    topologyName: spec.pushTelemetry?.topologyName ?? '',
  };
}

/** What both POST and PATCH take besides the name (the name cannot change after creation). */
export function toPayload(values: AgentFormValues): AgentPayload {
  return {
    properties: userProperties(values.properties) ?? {},
    spec: {
      kubernetes: { enabled: values.kubernetesEnabled, interval: values.kubernetesInterval },
      pushTelemetry: {
        enabled: values.pushTelemetryEnabled,
        topologyName: values.topologyName.trim(),
      },
    },
  };
}

export type AgentErrors = Partial<Record<'name', string>>;

export function validateAgent(values: AgentFormValues): AgentErrors {
  const name = values.name.trim();
  if (!name) return { name: REQUIRED };
  if (!NAME_PATTERN.test(name)) return { name: INVALID_NAME };
  return {};
}
