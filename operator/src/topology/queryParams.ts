import { badRequest } from '../errors.js';
import { UUID } from '../ids.js';

/** The parameters of GET /api/canary/api/topology (docs/api/topology.md), checked. */

export const STATUSES = ['healthy', 'unhealthy', 'warning', 'info', 'unknown'] as const;
export const DEFAULT_DEPTH = 5;
export const MAX_DEPTH = 10;
export const NIL_AGENT = '00000000-0000-0000-0000-000000000000';

/** A comma list where `!x` excludes x. */
export interface ListFilter {
  include: string[];
  exclude: string[];
}

export type SortBy =
  { kind: 'name' } | { kind: 'status' } | { kind: 'type' } | { kind: 'field'; name: string };

export interface TopologyParams {
  id?: string;
  depth: number;
  status?: ListFilter;
  type?: ListFilter;
  team?: string;
  labels?: Record<string, string>;
  owner?: string;
  hidden: boolean;
  agentId?: string;
  flatten: boolean;
  sortBy: SortBy;
  sortOrder: 'asc' | 'desc';
}

type Query = Record<string, unknown>;

function text(query: Query, name: string): string | undefined {
  const v = query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw badRequest(`${name} must be given once, as text`);
  const t = v.trim();
  return t === '' ? undefined : t;
}

function bool(query: Query, name: string): boolean {
  const v = text(query, name);
  if (v === undefined || v === 'false') return false;
  if (v === 'true') return true;
  throw badRequest(`${name} must be true or false, not "${v}"`);
}

export function listFilter(value: string): ListFilter | undefined {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== '!');
  const include = items.filter((i) => !i.startsWith('!'));
  const exclude = items.filter((i) => i.startsWith('!')).map((i) => i.slice(1));
  return include.length || exclude.length ? { include, exclude } : undefined;
}

/** Whether `value` passes the list: not excluded, and included when inclusions are given. */
export function matchesList(filter: ListFilter, value: string | null | undefined): boolean {
  const v = value ?? '';
  if (filter.exclude.includes(v)) return false;
  return !filter.include.length || filter.include.includes('*') || filter.include.includes(v);
}

function labelsOf(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const p = pair.trim();
    if (!p) continue;
    const eq = p.indexOf('=');
    const key = eq > 0 ? p.slice(0, eq).trim() : '';
    if (!key)
      throw badRequest(`labels must be key=value pairs separated by commas, not "${value}"`);
    out[key] = p.slice(eq + 1).trim();
  }
  return out;
}

function sortByOf(value: string | undefined): SortBy {
  if (value === undefined || value === 'name') return { kind: 'name' };
  if (value === 'status' || value === 'type') return { kind: value };
  if (value.startsWith('field:') && value.length > 'field:'.length)
    return { kind: 'field', name: value.slice('field:'.length) };
  throw badRequest(
    `sortBy cannot sort by "${value}": use name, status, type or field:<property name>`,
  );
}

export function parseTopologyParams(query: Query): TopologyParams {
  const id = text(query, 'id');
  if (id !== undefined && !UUID.test(id))
    throw badRequest(`id must be a component id (a UUID), not "${id}"`);
  const depthText = text(query, 'depth');
  let depth = DEFAULT_DEPTH;
  if (depthText !== undefined) {
    depth = Number(depthText);
    if (!Number.isInteger(depth) || depth < 0 || depth > MAX_DEPTH)
      throw badRequest(`depth must be a whole number from 0 to ${MAX_DEPTH}, not "${depthText}"`);
  }
  const statusText = text(query, 'status');
  const status = statusText === undefined ? undefined : listFilter(statusText);
  for (const s of [...(status?.include ?? []), ...(status?.exclude ?? [])])
    if (s !== '*' && !(STATUSES as readonly string[]).includes(s))
      throw badRequest(
        `status must be a comma list of ${STATUSES.join(', ')} (!x excludes one), not "${s}"`,
      );
  const typeText = text(query, 'type');
  const labelsText = text(query, 'labels');
  const labels = labelsText === undefined ? undefined : labelsOf(labelsText);
  const agent = text(query, 'agent_id');
  let agentId: string | undefined;
  if (agent !== undefined) {
    agentId = agent === 'local' ? NIL_AGENT : agent;
    if (!UUID.test(agentId))
      throw badRequest(`agent_id must be local or an agent id (a UUID), not "${agent}"`);
  }
  const sortOrder = text(query, 'sortOrder') ?? 'asc';
  if (sortOrder !== 'asc' && sortOrder !== 'desc')
    throw badRequest(`sortOrder must be asc or desc, not "${sortOrder}"`);
  return {
    id: id?.toLowerCase(),
    depth,
    status,
    type: typeText === undefined ? undefined : listFilter(typeText),
    team: text(query, 'team'),
    labels: labels && Object.keys(labels).length ? labels : undefined,
    owner: text(query, 'owner'),
    hidden: bool(query, 'hidden'),
    agentId: agentId?.toLowerCase(),
    flatten: bool(query, 'flatten'),
    sortBy: sortByOf(text(query, 'sortBy')),
    sortOrder,
  };
}
