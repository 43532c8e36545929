import type { ResourceSelector } from '../auth/scope.js';

/**
 * The parts of a Playbook's spec the engine reads (crds.md §4), typed loosely on purpose: specs
 * arrive from the database as they were written (validated by the Playbook schema when applied,
 * but runs keep a frozen copy that may predate today's schema), so every reader checks shapes.
 */

export interface RetrySpec {
  limit?: number;
  duration?: string;
  jitter?: number;
  exponent?: { multiplier?: number };
}

export interface ActionDef {
  name: string;
  if?: string;
  delay?: string;
  timeout?: string;
  retry?: RetrySpec;
  runsOn?: string[];
  [kind: string]: unknown;
}

export interface ParameterDef {
  name: string;
  label?: string;
  description?: string;
  icon?: string;
  default?: string;
  dependsOn?: string[];
  required?: boolean;
  type?: string;
  properties?: Record<string, unknown>;
}

export interface TriggerDef {
  event: string;
  filter?: string;
  labels?: Record<string, string>;
}

export interface PlaybookSpecView {
  title?: string;
  timeout?: string;
  on?: {
    canary?: TriggerDef[];
    component?: TriggerDef[];
    config?: TriggerDef[];
    webhook?: {
      path: string;
      authentication?: {
        basic?: { username: string; password: string };
        github?: { token: string };
        svix?: { secret: string; verifyTimestamp?: string };
        jwt?: { jwksUri: string };
      };
    };
    schedule?: { schedule: string; parameters?: Record<string, string> }[];
  };
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  checks?: ResourceSelector[];
  configs?: ResourceSelector[];
  components?: ResourceSelector[];
  parameters?: ParameterDef[];
  actions: ActionDef[];
  filters?: string[];
  approval?: { type?: string; approvers?: { people?: string[]; teams?: string[] } };
}

/** Fields every action may have; the one other key is its kind. */
const COMMON_FIELDS = new Set([
  'name',
  'if',
  'delay',
  'timeout',
  'retry',
  'runsOn',
  'templatesOn',
  'contentType',
]);

/** The kind of an action (`exec`, `http`, …): its one key that is not a common field. */
export function actionKind(action: ActionDef): string | undefined {
  return Object.keys(action).find((k) => !COMMON_FIELDS.has(k) && action[k] !== undefined);
}

export const DEFAULT_RUN_TIMEOUT_MS = 30 * 60_000;

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 365 * 86_400_000,
};

/** `1h30m`, `90s`, `2d`, `1y`; a bare number is seconds. Undefined when it cannot be read. */
export function durationMs(text: unknown): number | undefined {
  if (typeof text === 'number' && Number.isFinite(text) && text >= 0) return text * 1000;
  if (typeof text !== 'string') return undefined;
  const s = text.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s) * 1000;
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w|y)/gy;
  let total = 0;
  let end = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    total += Number(m[1]) * (UNIT_MS[m[2] as string] as number);
    end = re.lastIndex;
  }
  return end === s.length && s.length > 0 ? total : undefined;
}

/** The run's time limit: the spec's `timeout`, else 30 minutes. */
export function runTimeoutMs(spec: PlaybookSpecView): number {
  return durationMs(spec.timeout) ?? DEFAULT_RUN_TIMEOUT_MS;
}

/** Approvers named by the spec; none means runs start at once. */
export function approvers(spec: PlaybookSpecView): { people: string[]; teams: string[] } {
  const a = spec.approval?.approvers;
  return {
    people: (a?.people ?? []).filter((p): p is string => typeof p === 'string' && !!p),
    teams: (a?.teams ?? []).filter((t): t is string => typeof t === 'string' && !!t),
  };
}

export function needsApproval(spec: PlaybookSpecView): boolean {
  const { people, teams } = approvers(spec);
  return people.length + teams.length > 0;
}

/** `any` means one approval is enough; anything else (including empty) means every approver. */
export function approvalIsAny(spec: PlaybookSpecView): boolean {
  return spec.approval?.type === 'any';
}

/** Problems with a spec that stop a run before it starts (names of the bad parts). */
export function specProblems(spec: unknown): string[] {
  const s = spec as Partial<PlaybookSpecView> | null;
  if (!s || typeof s !== 'object') return ['the playbook has no spec'];
  if (!Array.isArray(s.actions) || s.actions.length === 0)
    return ['the playbook defines no actions'];
  const problems: string[] = [];
  s.actions.forEach((a, i) => {
    if (!a || typeof a !== 'object' || typeof a.name !== 'string' || !a.name)
      problems.push(`actions[${i}] has no name`);
    else if (!actionKind(a)) problems.push(`action "${a.name}" names no kind (exec, http, …)`);
  });
  if (s.timeout !== undefined && durationMs(s.timeout) === undefined)
    problems.push(`timeout "${String(s.timeout)}" is not a duration such as 30m or 1h`);
  return problems;
}

/** The spec's literal `env` values, as templates and CEL see them (never stored with a run). */
export function literalEnv(spec: PlaybookSpecView): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of Array.isArray(spec.env) ? spec.env : [])
    if (e && typeof e.name === 'string' && typeof e.value === 'string') out[e.name] = e.value;
  return out;
}
