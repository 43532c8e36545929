import {
  heldPatterns,
  heldRoles,
  RESOURCE_GLOBAL_NAME,
  rowScope,
  can,
  type Action,
  type PolicyObject,
  type ScopedSelector,
  type Subject,
} from './policy.js';
import { isEmptySelector, SCOPE_KINDS, type ResourceSelector, type ScopeKind } from './scope.js';
import { UUID } from '../ids.js';
import { runsScriptsSql, SCRIPT_TABLES, scriptsDenied } from './scripts.js';
import { parseLabelSelector, requirementsSql, SelectorError } from '../labelSelector.js';

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The policy module's row-level decisions compiled to SQL (for /api/db and the purpose-built
 * lists such as the health summary): object-scoped
 * Permissions filter the rows of every relation that holds resources of a kind (by the kind's
 * own id, or by a column referencing it), and a few tables bound what a write may produce
 * (nobody grants more than they hold; scripts need the scripts grant). Nothing here decides:
 * policy.ts does; this file only translates its answers.
 */

export interface ScopeColumn {
  kind: ScopeKind;
  /** The column holding the resource's id in this relation. */
  column: string;
}

/** Where a kind's rows live and how its selector fields read there (alias `s`). */
/** Where a kind's rows live and how its selector fields read there (`{a}` is the row alias). */
const KIND_TABLE: Record<
  ScopeKind,
  {
    table: string;
    namespace: string;
    labels?: string;
    tags?: string;
    type?: string;
    health?: string;
    parent?: { kind: ScopeKind; column: string };
  }
> = {
  config: {
    table: 'config_items',
    namespace: "{a}.tags->>'namespace'",
    labels: '{a}.labels',
    tags: '{a}.tags',
    type: '{a}.type',
    health: '{a}.health',
  },
  component: {
    table: 'components',
    namespace: '{a}.namespace',
    labels: '{a}.labels',
    type: '{a}.type',
    health: '{a}.health',
  },
  canary: { table: 'canaries', namespace: '{a}.namespace', labels: '{a}.labels' },
  check: {
    table: 'checks',
    namespace: '{a}.namespace',
    labels: '{a}.labels',
    type: '{a}.type',
    parent: { kind: 'canary', column: 'canary_id' },
  },
  playbook: { table: 'playbooks', namespace: '{a}.namespace' },
  connection: { table: 'connections', namespace: '{a}.namespace', type: '{a}.type' },
};

export const KIND_TABLES: ReadonlySet<string> = new Set(
  SCOPE_KINDS.map((k) => KIND_TABLE[k].table),
);

type Bind = (value: unknown) => string;

function likePattern(glob: string): string {
  return glob.replace(/[\\%_]/g, '\\$&').replace(/\*/g, '%');
}

function jsonRequirements(selector: string, column: string | undefined, bind: Bind): string {
  if (!column) return 'false';
  try {
    const parts = requirementsSql(parseLabelSelector(selector), column, bind);
    return parts.length ? parts.join(' AND ') : 'true';
  } catch (error) {
    if (error instanceof SelectorError) return 'false'; // matches nothing, as in memory
    throw error;
  }
}

/** One selector over a row of the kind's table aliased `a` (every given field must hold). */
function selectorSql(kind: ScopeKind, s: ResourceSelector, a: string, bind: Bind): string {
  if (isEmptySelector(s)) return 'false';
  const field = (template: string | undefined) => template?.replaceAll('{a}', a);
  const t = KIND_TABLE[kind];
  const parts: string[] = [];
  if (s.id) parts.push(UUID.test(s.id) ? `${a}.id = ${bind(s.id)}::uuid` : 'false');
  if (s.name && s.name !== '*')
    parts.push(
      s.name.includes('*')
        ? `${a}.name LIKE ${bind(likePattern(s.name))}`
        : `${a}.name = ${bind(s.name)}`,
    );
  if (s.namespace) parts.push(`coalesce(${field(t.namespace)}, '') = ${bind(s.namespace)}`);
  if (s.types?.length)
    parts.push(t.type ? `${field(t.type)} = ANY(${bind(s.types)}::text[])` : 'false');
  if (s.health) {
    const wanted = s.health.split(',').map((h) => h.trim());
    parts.push(t.health ? `${field(t.health)} = ANY(${bind(wanted)}::text[])` : 'false');
  }
  if (s.labelSelector) parts.push(jsonRequirements(s.labelSelector, field(t.labels), bind));
  if (s.tagSelector) parts.push(jsonRequirements(s.tagSelector, field(t.tags), bind));
  return parts.length ? `(${parts.join(' AND ')})` : 'true';
}

/**
 * Does one of the selectors match the resource of `kind` whose id is in `column` of the row
 * `alias`? On the kind's own table (`direct`) the row itself is read — it may have been written
 * by this very statement; elsewhere the resource is looked up by id. Selectors on a check's
 * canary reach the check through its canary_id.
 */
function matchSql(
  kind: ScopeKind,
  alias: string,
  column: string,
  direct: boolean,
  scoped: ScopedSelector[],
  bind: Bind,
): string {
  const table = KIND_TABLE[kind];
  const ors: string[] = [];
  for (const { kind: k, selectors } of scoped) {
    const over = (a: string) =>
      selectors.map((s) => selectorSql(k, s, a, bind)).join(' OR ') || 'false';
    if (k === kind) {
      ors.push(
        direct
          ? `(${over(alias)})`
          : `EXISTS (SELECT 1 FROM ${table.table} s WHERE s.id = ${alias}.${ident(column)} AND (${over('s')}))`,
      );
    } else if (table.parent?.kind === k) {
      const parentId = direct
        ? `${alias}.${ident(table.parent.column)}`
        : `(SELECT c.${ident(table.parent.column)} FROM ${table.table} c WHERE c.id = ${alias}.${ident(column)})`;
      ors.push(
        `EXISTS (SELECT 1 FROM ${KIND_TABLE[k].table} s WHERE s.id = ${parentId} AND (${over('s')}))`,
      );
    }
  }
  return ors.length ? ors.join(' OR ') : 'false';
}

export class RowPolicyError extends Error {}

/**
 * The condition rows of a relation must meet for `action`, over `alias`; undefined when every
 * row is reachable. Throws RowPolicyError when no row can be (the caller answers 403).
 */
export function scopeFilter(
  subject: Subject,
  object: PolicyObject,
  action: Action,
  relation: string,
  scopes: readonly ScopeColumn[],
  alias: string,
  bind: Bind,
): string | undefined {
  if (!scopes.length || !(subject.rules ?? []).some((r) => r.scope)) return undefined;
  const denies: string[] = [];
  const allows: string[] = [];
  let all = true;
  let reachable = false;
  for (const { kind, column } of scopes) {
    const scope = rowScope(subject, object, action, kind);
    if (!scope) continue;
    reachable = true;
    const direct = relation === KIND_TABLE[kind].table && column === 'id';
    const match = (scoped: ScopedSelector[]) => matchSql(kind, alias, column, direct, scoped, bind);
    if (scope.deny.length) denies.push(`NOT coalesce(${match(scope.deny)}, false)`);
    if (!scope.all) {
      all = false;
      allows.push(
        `(${alias}.${ident(column)} IS NOT NULL AND coalesce(${match(scope.allow)}, false))`,
      );
    }
  }
  if (!reachable) throw new RowPolicyError(`${action} on ${object}`);
  // Kinds the subject reaches only through allows: a row qualifies through any of them.
  const conds = [...denies, ...(all ? [] : [`(${allows.join(' OR ') || 'false'})`])];
  return conds.length ? conds.join(' AND ') : undefined;
}

// ---- Write bounds --------------------------------------------------------------------------

/**
 * The global object names a permissions row (alias `pm`) speaks about: its object column and the
 * kinds it names by id or selector.
 */
const PERMISSION_OBJECT_NAMES = (pm: string) => {
  const kind = (k: ScopeKind, column: string, key: string) =>
    `CASE WHEN ${pm}.${column} IS NOT NULL OR coalesce(${pm}.object_selector ? '${key}', false) THEN '${RESOURCE_GLOBAL_NAME[k]}' END`;
  return `ARRAY[${pm}.object, ${kind('config', 'config_id', 'configs')}, ${kind('component', 'component_id', 'components')}, ${kind('canary', 'canary_id', 'canaries')}, ${kind('check', 'check_id', 'checks')}, ${kind('playbook', 'playbook_id', 'playbooks')}, ${kind('connection', 'connection_id', 'connections')}]`;
};

/** A permissions row (alias `pm`) whose every action pattern the actor holds on every object. */
function heldPermissionSql(pm: string, held: Record<string, string[]>, bind: Bind): string {
  return `NOT EXISTS (SELECT 1 FROM unnest(${PERMISSION_OBJECT_NAMES(pm)}) n, unnest(string_to_array(${pm}.action, ',')) t
    WHERE n IS NOT NULL AND btrim(t) <> '' AND left(btrim(t), 1) <> '!'
      AND NOT coalesce((${bind(JSON.stringify(held))}::jsonb -> n) ? btrim(t), false))`;
}

export interface WriteBound {
  /** Every row written (before and after the change) must meet this, over `alias`. */
  sql: string;
  message: string;
}

/** Specs holding exec entries (checks, lookups, scrapers, actions) and exec check rows. */
function scriptsBound(relation: string, alias: string): string | undefined {
  if (SCRIPT_TABLES.includes(relation)) return `NOT ${runsScriptsSql(`${alias}.spec`)}`;
  if (relation === 'checks') return `${alias}.type IS DISTINCT FROM 'exec'`;
  return undefined;
}

/**
 * What a write to `relation` may produce or touch, beyond the object's write grant:
 * - permissions: only rules whose every action on every object the actor holds;
 * - team_members: only into teams whose Permissions the actor holds;
 * - people: only people whose roles and Permissions the actor holds;
 * - canaries, checks, topologies, scrapers, playbooks: exec entries only with write on scripts.
 */
export function writeBounds(
  subject: Subject,
  relation: string,
  alias: string,
  bind: Bind,
  verbs: readonly string[] = ['create', 'update', 'delete'],
): WriteBound[] {
  const bounds: WriteBound[] = [];
  // Deleting a script runs nothing: only writes that make or change one are bounded.
  const scripts = verbs.some((v) => v !== 'delete') ? scriptsBound(relation, alias) : undefined;
  if (scripts && !can(subject, 'scripts', 'write'))
    bounds.push({
      sql: scripts,
      message: scriptsDenied(subject),
    });
  if (!['permissions', 'team_members', 'people'].includes(relation)) return bounds;
  const held = heldPatterns(subject);
  if (held === 'everything') return bounds;
  if (relation === 'permissions')
    bounds.push({
      sql: heldPermissionSql(alias, held, bind),
      message: 'permission denied: a Permission may only grant or deny what you hold yourself',
    });
  if (relation === 'team_members')
    bounds.push({
      sql: `NOT EXISTS (SELECT 1 FROM permissions pm WHERE pm.team_id = ${alias}.team_id AND NOT (${heldPermissionSql('pm', held, bind)}))`,
      message:
        "permission denied: this team's Permissions grant more than you hold, so you cannot change its members",
    });
  if (relation === 'people')
    bounds.push({
      sql: `NOT EXISTS (SELECT 1 FROM person_roles r WHERE r.person_id = ${alias}.id AND NOT (r.role = ANY(${bind(heldRoles(subject))}::text[])))
        AND NOT EXISTS (SELECT 1 FROM permissions pm WHERE (pm.person_id = ${alias}.id
          OR pm.team_id IN (SELECT tm.team_id FROM team_members tm WHERE tm.person_id = ${alias}.id))
          AND NOT (${heldPermissionSql('pm', held, bind)}))`,
      message:
        'permission denied: this person holds roles or Permissions beyond yours, so you cannot change them',
    });
  return bounds;
}
