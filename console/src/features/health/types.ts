/** Shapes of the Health API (docs/api/canary.md). */

export interface CheckUptime {
  passed: number;
  failed: number;
  last_pass?: string | null;
  last_fail?: string | null;
}

export interface CheckLatency {
  p50?: number | null;
  p95?: number | null;
  p97?: number | null;
  p99?: number | null;
  avg?: number | null;
  rolling1h?: number | null;
}

/** A row of GET /api/canary/api/summary (checks_summary). */
export interface CheckSummary {
  id: string;
  canary_id: string;
  name: string;
  type?: string | null;
  status?: string | null;
  description?: string | null;
  icon?: string | null;
  endpoint?: string | null;
  namespace?: string | null;
  canary_name?: string | null;
  canary_namespace?: string | null;
  labels?: Record<string, string> | null;
  severity?: string | null;
  owner?: string | null;
  agent_id?: string | null;
  agent_name?: string | null;
  last_runtime?: string | null;
  next_runtime?: string | null;
  last_transition_time?: string | null;
  latest_message?: string | null;
  latest_duration?: number | null;
  silenced_at?: string | null;
  deleted_at?: string | null;
  uptime?: CheckUptime | null;
  latency?: CheckLatency | null;
}

export interface SummaryResponse {
  checks_summary: CheckSummary[] | null;
}

export interface RelatedComponent {
  id: string;
  name: string;
  type?: string | null;
  icon?: string | null;
  health?: string | null;
  status?: string | null;
}

export interface RelatedConfig {
  id: string;
  name: string;
  type?: string | null;
  health?: string | null;
  status?: string | null;
}

/** GET /api/canary/api/checks/{id}. */
export interface CheckDetail extends CheckSummary {
  canary?: {
    id: string;
    name: string;
    namespace?: string | null;
    source?: string | null;
    spec?: unknown;
    labels?: Record<string, string> | null;
  } | null;
  spec?: unknown;
  relationships?: {
    components?: RelatedComponent[] | null;
    configs?: RelatedConfig[] | null;
  } | null;
}

/** A run of GET /api/canary/api/checks/{id}/statuses. */
export interface CheckStatus {
  time: string;
  status: boolean;
  invalid?: boolean | null;
  duration?: number | null;
  message?: string | null;
  error?: string | null;
  details?: unknown;
}

export interface StatusesResponse {
  total: number;
  statuses: CheckStatus[] | null;
}

export interface GraphPoint {
  time: string;
  status: boolean;
  passed?: number | null;
  failed?: number | null;
  duration?: number | null;
}

export interface GraphResponse {
  window?: string | null;
  points: GraphPoint[] | null;
}

/** POST /api/canary/run/check/{id}. */
export interface RunResult {
  time?: string;
  status: boolean;
  invalid?: boolean | null;
  duration?: number | null;
  message?: string | null;
  error?: string | null;
}
