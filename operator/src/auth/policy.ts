import {
  PARENT_KIND,
  selectorMatches,
  type ObjectSelector,
  type ResourceAttrs,
  type ScopeKind,
} from './scope.js';

/**
 * The one policy module. Every /api route, /api/db table and /k8s verb asks `can()`; the console
 * hides controls by reading the same answers from whoami. Decisions, in order:
 * 1. a Permission that denies the action (on the object, or on the resource at hand) wins;
 * 2. a Permission that allows it grants it;
 * 3. else the roles decide (the role matrix below).
 * Changes to access itself (roles, Permissions, people, team membership) are also bounded:
 * nobody can grant, or act on someone holding, more than they hold themselves.
 */
export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;
/**
 * The role of an agent's machine user (never given to a person): it pushes what its agent runs
 * (`agent_push`) and can do nothing else, not even read.
 */
export const AGENT_ROLE = 'agent';
export type Role = (typeof ROLES)[number] | typeof AGENT_ROLE;

export const OBJECTS = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'properties',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
  'permissions',
  'scripts',
  // Retrying and discarding failed event-queue items (/api/event-queue); reading is `database`.
  'event_queue',
  // Rows an agent pushes (/api/upstream): agents' machine users, or a Permission on agent-push.
  'agent_push',
] as const;
export type PolicyObject = (typeof OBJECTS)[number];

/**
 * `write` is create, update and delete together (what a route that changes things needs);
 * `run` is Run Now on checks and playbooks; `approve` and `cancel` act on playbook runs.
 */
export const VERBS = ['read', 'create', 'update', 'delete', 'run', 'approve', 'cancel'] as const;
export type Verb = (typeof VERBS)[number];
export type Action = Verb | 'write';
const WRITE_VERBS: readonly Verb[] = ['create', 'update', 'delete'];

/**
 * Only admins change who someone is and what they may do (people, identities, roles,
 * Permissions), the switches that apply to everyone (feature flags), code that runs on the
 * server (exec checks and other scripts) and the event queue (retrying a failed delivery sends
 * it again) — unless a Permission grants it.
 */
const ADMIN_WRITES: readonly PolicyObject[] = [
  'agent_push',
  'rbac',
  'permissions',
  'identities',
  'properties',
  'scripts',
  'kratos',
  'auth',
  'event_queue',
];
/** Commanders, responders and viewers do not read these (spec: everything except …). */
const PRIVILEGED_READS: readonly PolicyObject[] = ['rbac', 'identities', 'connections'];
const RESPONDER_WRITES: readonly PolicyObject[] = [
  'responder',
  'incident',
  'evidences',
  'comments',
];

function roleAllows(role: Role, object: PolicyObject, verb: Verb): boolean {
  if (role === AGENT_ROLE)
    return object === 'agent_push' && (verb === 'create' || verb === 'update');
  if (role === 'admin') return true;
  if (verb === 'read') return role === 'editor' || !PRIVILEGED_READS.includes(object);
  if (verb === 'run')
    return (
      role !== 'viewer' && !ADMIN_WRITES.includes(object) && !PRIVILEGED_READS.includes(object)
    );
  switch (role) {
    case 'editor':
      return !ADMIN_WRITES.includes(object);
    case 'commander':
    case 'responder':
      return RESPONDER_WRITES.includes(object);
    case 'viewer':
      return false;
  }
}

/** A person without roles is a viewer; several roles give the union of their rights. */
export function effectiveRoles(roles: readonly string[]): Role[] {
  // An agent is only an agent, never also a viewer.
  if (roles.includes(AGENT_ROLE)) return [AGENT_ROLE];
  const known = roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  return known.length > 0 ? known : ['viewer'];
}

/**
 * A Permission (from /settings/permissions or the Permission kind) that applies to the subject:
 * allow or deny `action` (comma-joined patterns) on a global object, or on resources chosen by
 * `scope` (object-scoped: by id, name, namespace, labels, tags, …).
 */
export interface PermissionRule {
  id?: string;
  /** The Permission resource's name, for rows applied as a Permission kind (kubectl). */
  name?: string | null;
  description?: string | null;
  action: string;
  deny: boolean;
  /** A global object name of spec 002 §3 (canaries, catalog, incident, …). */
  object?: string | null;
  scope?: ObjectSelector;
}

export interface Subject {
  roles: readonly string[];
  rules?: readonly PermissionRule[];
}

/** Which policy objects a global Permission object covers. */
const GLOBAL_OBJECTS: Record<string, readonly PolicyObject[]> = {
  canaries: ['canaries'],
  catalog: ['database', 'config_scrapers'],
  incident: ['incident', 'evidences', 'comments', 'responder'],
  people: ['identities'],
  topology: ['topologies'],
  playbooks: ['playbooks', 'playbook_runs'],
  connection: ['connections'],
  'connection-detail': ['connections'],
  notification: ['notifications'],
  rbac: ['rbac', 'permissions'],
  logs: ['logging_backends'],
  agent: ['agents'],
  'agent-push': ['agent_push'],
  properties: ['properties'],
  scripts: ['scripts'],
  event_queue: ['event_queue'],
  'kubernetes-proxy': [],
  artifact: [],
};

/** The policy object a resource of each kind is read and written under. */
export const RESOURCE_OBJECT: Record<ScopeKind, PolicyObject> = {
  component: 'topologies',
  config: 'database',
  canary: 'canaries',
  check: 'canaries',
  playbook: 'playbooks',
  connection: 'connections',
};

/** The global object name a kind's scoped Permission is bounded by (for escalation checks). */
export const RESOURCE_GLOBAL_NAME: Record<ScopeKind, string> = {
  component: 'topology',
  config: 'catalog',
  canary: 'canaries',
  check: 'canaries',
  playbook: 'playbooks',
  connection: 'connection',
};

export const GLOBAL_OBJECT_NAMES = Object.keys(GLOBAL_OBJECTS);

/** Action patterns a Permission may hold, and the verbs each stands for. */
const PATTERNS: Record<string, readonly Verb[]> = {
  '*': VERBS,
  read: ['read'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
  write: WRITE_VERBS,
  run: ['run'],
  approve: ['approve'],
  cancel: ['cancel'],
  'playbook:*': ['run', 'approve', 'cancel'],
  'playbook:run': ['run'],
  'playbook:approve': ['approve'],
  'playbook:cancel': ['cancel'],
};
export const PERMISSION_ACTIONS = Object.keys(PATTERNS);

/** The verbs a comma-joined action list stands for: patterns expanded, `!x` excluded. */
export function verbsOf(action: string): Set<Verb> {
  const tokens = action
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const verbs = new Set<Verb>();
  for (const t of tokens) if (!t.startsWith('!')) for (const v of PATTERNS[t] ?? []) verbs.add(v);
  for (const t of tokens)
    if (t.startsWith('!')) for (const v of PATTERNS[t.slice(1)] ?? []) verbs.delete(v);
  return verbs;
}

/**
 * Whether a rule's verbs reach the requested action. `write` is granted only when create,
 * update and delete all are, and denied when any of them is.
 */
function covers(rule: PermissionRule, action: Action): boolean {
  const verbs = verbsOf(rule.action);
  if (action !== 'write') return verbs.has(action);
  return rule.deny ? WRITE_VERBS.some((v) => verbs.has(v)) : WRITE_VERBS.every((v) => verbs.has(v));
}

function kindMatches(kind: ScopeKind, rule: ObjectSelector, resources: readonly ResourceAttrs[]) {
  const selectors = rule[kind] ?? [];
  return resources.some((r) => r.kind === kind && selectors.some((s) => selectorMatches(s, r)));
}

/**
 * Does the rule speak about this request? A global rule when its object covers `object`; a
 * scoped rule when every kind it names matches one of the request's resources (so a rule on
 * playbooks and prod configs applies to running a playbook on a prod config, not to reading
 * the config alone) and one of those kinds lives under `object`.
 */
function applies(
  rule: PermissionRule,
  object: PolicyObject,
  action: Action,
  resources: readonly ResourceAttrs[],
): boolean {
  if (!covers(rule, action)) return false;
  if (rule.scope) {
    const kinds = Object.keys(rule.scope) as ScopeKind[];
    if (!kinds.length || !kinds.some((k) => RESOURCE_OBJECT[k] === object)) return false;
    return kinds.every((k) => kindMatches(k, rule.scope as ObjectSelector, resources));
  }
  return !!rule.object && (GLOBAL_OBJECTS[rule.object] ?? []).includes(object);
}

function subjectOf(s: Subject | readonly string[]): Subject {
  return Array.isArray(s) ? { roles: s } : (s as Subject);
}

function rolesAllow(roles: readonly string[], object: PolicyObject, action: Action): boolean {
  const verbs = action === 'write' ? WRITE_VERBS : [action];
  return effectiveRoles(roles).some((role) => verbs.every((v) => roleAllows(role, object, v)));
}

export interface Decision {
  allowed: boolean;
  /** The Permission that decided, when one did. */
  rule?: PermissionRule;
}

/**
 * The decision with its reason. Pass the resources the request touches (a check and its canary,
 * a playbook and the config it runs on) to weigh object-scoped Permissions too.
 */
export function decide(
  subject: Subject | readonly string[],
  object: PolicyObject,
  action: Action,
  resources: readonly ResourceAttrs[] = [],
): Decision {
  const { roles, rules = [] } = subjectOf(subject);
  const matching = rules.filter((r) => applies(r, object, action, resources));
  const deny = matching.find((r) => r.deny);
  if (deny) return { allowed: false, rule: deny };
  const allow = matching.find((r) => !r.deny);
  if (allow) return { allowed: true, rule: allow };
  return { allowed: rolesAllow(roles, object, action) };
}

export function can(
  subject: Subject | readonly string[],
  object: PolicyObject,
  action: Action,
  resources: readonly ResourceAttrs[] = [],
): boolean {
  return decide(subject, object, action, resources).allowed;
}

/** How a Permission is named to people: its resource name, else its description, else its id. */
export function ruleName(rule: PermissionRule): string {
  const label = rule.name || rule.description;
  return label ? `'${label}'` : (rule.id ?? '(unnamed)');
}

/** The reason a request is refused, naming the Permission or the roles that decided. */
export function denial(
  subject: Subject,
  object: PolicyObject,
  action: Action,
  resources: readonly ResourceAttrs[] = [],
): string {
  const { rule } = decide(subject, object, action, resources);
  return rule?.deny
    ? `permission denied: ${action} on ${object} is denied by Permission ${ruleName(rule)}`
    : `permission denied: ${action} on ${object} is not granted to roles ${effectiveRoles(subject.roles).join(', ')}`;
}

// ---- Explaining a decision -----------------------------------------------------------------

export interface Explanation {
  allowed: boolean;
  /** What decided: a Permission (a deny wins over any allow), else the roles. */
  decidedBy: 'permission' | 'roles';
  /** The deciding Permission, when one did. */
  rule?: PermissionRule;
  /** Every Permission of the subject that speaks about this request (denies first). */
  matching: PermissionRule[];
  /** The roles weighed (a person without roles is a viewer). */
  roles: Role[];
  /** The roles that grant the action on their own. */
  grantingRoles: Role[];
  /** One sentence: the decision and why. */
  reason: string;
}

const quoteAll = (rules: readonly PermissionRule[]) => rules.map(ruleName).join(', ');

/**
 * `decide` with its whole reasoning, for the access explain tool: which Permission or role
 * allowed or denied the action, and what else applied (an allow that a deny overrode).
 */
export function explain(
  subject: Subject | readonly string[],
  object: PolicyObject,
  action: Action,
  resources: readonly ResourceAttrs[] = [],
): Explanation {
  const s = subjectOf(subject);
  const roles = effectiveRoles(s.roles);
  const matching = (s.rules ?? []).filter((r) => applies(r, object, action, resources));
  matching.sort((a, b) => Number(b.deny) - Number(a.deny));
  const grantingRoles = roles.filter((role) => rolesAllow([role], object, action));
  const { allowed, rule } = decide(s, object, action, resources);
  const what = `${action} on ${object}`;
  let reason: string;
  if (rule?.deny) {
    const overridden = matching.filter((r) => !r.deny);
    const also = [
      ...(overridden.length ? [`the allow of Permission ${quoteAll(overridden)}`] : []),
      ...(grantingRoles.length ? [`role ${grantingRoles.join(', ')}`] : []),
    ];
    reason = `${what} is denied by Permission ${ruleName(rule)}${also.length ? ` (a deny wins over ${also.join(' and ')})` : ''}`;
  } else if (rule) {
    reason = `${what} is granted by Permission ${ruleName(rule)}${grantingRoles.length ? '' : ` (roles ${roles.join(', ')} alone would not grant it)`}`;
  } else if (allowed) {
    reason = `${what} is granted by role ${grantingRoles.join(', ')}`;
  } else {
    reason = `${what} is not granted to roles ${roles.join(', ')}, and no Permission grants it`;
  }
  return {
    allowed,
    decidedBy: rule ? 'permission' : 'roles',
    ...(rule ? { rule } : {}),
    matching,
    roles,
    grantingRoles,
    reason,
  };
}

export interface Grant {
  object: PolicyObject;
  action: Action;
}

/**
 * What whoami reports per object: read and write (create, update and delete together), as the
 * console asks, and each write verb on its own for Permissions that grant only some.
 */
export function grants(subject: Subject | readonly string[]): Grant[] {
  return OBJECTS.flatMap((object) =>
    (['read', 'write', 'create', 'update', 'delete'] as const)
      .filter((action) => can(subject, object, action))
      .map((action) => ({ object, action })),
  );
}

// ---- Scoped rows: what an /api/db list may show -------------------------------------------

export interface ScopedSelector {
  kind: ScopeKind;
  selectors: NonNullable<ObjectSelector[ScopeKind]>;
}

/**
 * How rows of one kind are limited for a subject: `all` rows minus the denied ones, or only the
 * allowed ones minus the denied ones. Undefined when the subject may not touch any row.
 * Rules on a check's canary count for the check.
 */
export interface RowScope {
  all: boolean;
  allow: ScopedSelector[];
  deny: ScopedSelector[];
}

function scopedRulesFor(rules: readonly PermissionRule[], kind: ScopeKind, action: Action) {
  const kinds = [kind, PARENT_KIND[kind]].filter(Boolean) as ScopeKind[];
  const out: { rule: PermissionRule; scoped: ScopedSelector }[] = [];
  for (const rule of rules) {
    if (!rule.scope || !covers(rule, action)) continue;
    const named = Object.keys(rule.scope) as ScopeKind[];
    // A rule naming several kinds (a playbook on prod configs) speaks about combined requests.
    if (named.length !== 1 || !kinds.includes(named[0] as ScopeKind)) continue;
    const k = named[0] as ScopeKind;
    out.push({ rule, scoped: { kind: k, selectors: rule.scope[k] ?? [] } });
  }
  return out;
}

export function rowScope(
  subject: Subject,
  object: PolicyObject,
  action: Action,
  kind: ScopeKind,
): RowScope | undefined {
  const rules = subject.rules ?? [];
  // A global deny wins over any resource allow.
  const global = decide(
    { roles: subject.roles, rules: rules.filter((r) => !r.scope) },
    object,
    action,
  );
  if (!global.allowed && global.rule?.deny) return undefined;
  const scoped = scopedRulesFor(rules, kind, action);
  const allow = scoped.filter((s) => !s.rule.deny).map((s) => s.scoped);
  const deny = scoped.filter((s) => s.rule.deny).map((s) => s.scoped);
  if (!global.allowed && allow.length === 0) return undefined;
  return { all: global.allowed, allow, deny };
}

/**
 * The reason rows (of these kinds) are kept from the subject when the row at hand is not known:
 * a list or a write refused for some of its rows. Names the object-scoped Permissions that limit
 * them — the denies, or the allows that reach only other rows when the roles grant nothing —
 * and falls back to `denial` when no row is reachable at all.
 */
export function rowDenial(
  subject: Subject,
  object: PolicyObject,
  action: Action,
  kinds: readonly ScopeKind[],
): string {
  const rules = subject.rules ?? [];
  const denies = new Set<PermissionRule>();
  const allows = new Set<PermissionRule>();
  let limited = false;
  for (const kind of kinds) {
    const scope = rowScope(subject, object, action, kind);
    if (!scope) continue;
    for (const { rule } of scopedRulesFor(rules, kind, action))
      (rule.deny ? denies : allows).add(rule);
    if (!scope.all) limited = true;
  }
  const what = `permission denied: ${action} on ${object}`;
  if (!denies.size && !limited) return denial(subject, object, action);
  const parts: string[] = [];
  if (denies.size)
    parts.push(
      `is denied for ${denies.size > 1 ? 'some of these rows by the Permissions' : 'some of these rows by Permission'} ${quoteAll([...denies])}`,
    );
  if (limited)
    parts.push(
      `is not granted to roles ${effectiveRoles(subject.roles).join(', ')}, and ${allows.size > 1 ? 'the Permissions' : 'Permission'} ${quoteAll([...allows])} ${allows.size > 1 ? 'grant' : 'grants'} it only on other rows`,
    );
  return `${what} ${parts.join('; it ')}`;
}

/** Whether any row of these kinds could be reachable for the subject (else 403 at once). */
export function mayReachSome(
  subject: Subject,
  object: PolicyObject,
  action: Action,
  kinds: readonly ScopeKind[],
): boolean {
  if (can(subject, object, action)) return true;
  return kinds.some((k) => rowScope(subject, object, action, k) !== undefined);
}

/**
 * Like mayReachSome, but also counting Permissions that name several kinds at once (a playbook
 * on prod configs): for routes that decide per playbook and resource afterwards, so the first
 * refusal only stops someone no Permission could ever let through.
 */
export function mayActOnSome(
  subject: Subject,
  object: PolicyObject,
  action: Action,
  kinds: readonly ScopeKind[],
): boolean {
  if (mayReachSome(subject, object, action, kinds)) return true;
  const rules = subject.rules ?? [];
  const global = decide(
    { roles: subject.roles, rules: rules.filter((r) => !r.scope) },
    object,
    action,
  );
  if (!global.allowed && global.rule?.deny) return false;
  return rules.some(
    (r) =>
      r.scope &&
      !r.deny &&
      covers(r, action) &&
      (Object.keys(r.scope) as ScopeKind[]).some((k) => RESOURCE_OBJECT[k] === object),
  );
}

// ---- Bounded delegation: nobody grants more than they hold ---------------------------------

function objectsNamed(rule: PermissionRule): PolicyObject[] {
  if (rule.scope)
    return [...new Set((Object.keys(rule.scope) as ScopeKind[]).map((k) => RESOURCE_OBJECT[k]))];
  return [...(GLOBAL_OBJECTS[rule.object ?? ''] ?? [])];
}

/**
 * Whether `actor` holds everything the rule speaks about: every verb on every object it names.
 * Granting, denying, changing or removing a Permission needs this, so an editor with write on
 * Permissions still cannot grant itself rbac, nor lift a deny that binds it.
 */
export function holdsRule(actor: Subject, rule: PermissionRule): boolean {
  const verbs = verbsOf(rule.action);
  const tokens = rule.action
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t && !t.startsWith('!'));
  // A pattern we do not know may mean anything: only someone holding everything may write it.
  const unknown = tokens.some((t) => !(t in PATTERNS));
  const objects =
    unknown || (rule.object && !(rule.object in GLOBAL_OBJECTS)) ? OBJECTS : objectsNamed(rule);
  const needed = unknown ? VERBS : [...verbs];
  return objects.every((o) => needed.every((v) => can(actor, o, v)));
}

/** Whether `actor` holds everything a role grants (to assign it, or act on someone with it). */
export function holdsRole(actor: Subject, role: Role): boolean {
  return OBJECTS.every((o) => VERBS.every((v) => !roleAllows(role, o, v) || can(actor, o, v)));
}

/**
 * For each global object name, the action patterns `actor` holds there — the SQL form of
 * holdsRule, used to bound writes to the permissions table. `everything` when nothing is beyond
 * the actor (admins), so no bound is needed.
 */
export function heldPatterns(actor: Subject): Record<string, string[]> | 'everything' {
  const out: Record<string, string[]> = {};
  let all = true;
  for (const name of GLOBAL_OBJECT_NAMES) {
    const rule = (action: string): PermissionRule => ({ action, deny: false, object: name });
    out[name] = PERMISSION_ACTIONS.filter((p) => holdsRule(actor, rule(p)));
    if (out[name].length !== PERMISSION_ACTIONS.length) all = false;
  }
  return all && OBJECTS.every((o) => VERBS.every((v) => can(actor, o, v))) ? 'everything' : out;
}

/** The roles whose every grant `actor` holds. */
export function heldRoles(actor: Subject): Role[] {
  return ROLES.filter((r) => holdsRole(actor, r));
}
