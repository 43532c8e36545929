import type pg from 'pg';
import type { EventContext, ResourceKind } from './types.js';

/**
 * Reads what an event is about, as it is now: events carry only ids (0012), so a check that
 * flapped twice before the event was handled is read once, in its current state.
 *
 * Answers undefined when the resource is gone (deleted before the event was handled): there is
 * nothing left to tell anyone about, and nobody to silence.
 */
export async function loadEventContext(
  db: pg.Pool | pg.PoolClient,
  event: string,
  properties: Record<string, unknown>,
  eventTime: Date,
  baseUrl: string,
): Promise<EventContext | undefined> {
  const prefix = event.split('.')[0] as string;
  const id = typeof properties.id === 'string' ? properties.id : undefined;
  if (!id) return undefined;
  const loader = LOADERS[prefix];
  if (!loader) return undefined;
  const ctx = await loader(db, id, event, properties);
  if (!ctx) return undefined;
  const { kind, resourceId } = ctx;
  const silenceQuery = SILENCE_PARAM[kind]
    ? `?${SILENCE_PARAM[kind]}=${encodeURIComponent(resourceId)}`
    : '';
  const vars = {
    ...ctx.vars,
    source_event: event,
    event_time: eventTime.toISOString(),
    permalink: `${baseUrl}${PERMALINK[kind](resourceId, ctx)}`,
    silenceURL: silenceQuery ? `${baseUrl}/notifications/silences/add${silenceQuery}` : '',
  };
  return { ...ctx, event, eventTime, vars };
}

type Loaded = Omit<EventContext, 'event' | 'eventTime'>;
type Loader = (
  db: pg.Pool | pg.PoolClient,
  id: string,
  event: string,
  properties: Record<string, unknown>,
) => Promise<Loaded | undefined>;

const SILENCE_PARAM: Partial<Record<ResourceKind, string>> = {
  check: 'check_id',
  config: 'config_id',
  component: 'component_id',
};

const PERMALINK: Record<ResourceKind, (id: string, ctx: Loaded) => string> = {
  check: (id) => `/health?checkId=${id}`,
  config: (id) => `/catalog/${id}`,
  component: (id) => `/topology/${id}`,
  incident: (id) => `/incidents/${id}`,
  playbook: (id, ctx) =>
    ctx.vars.run ? `/playbooks/runs/${id}` : `/playbooks/${encodeURIComponent(id)}`,
};

const record = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]))
    : {};

/**
 * The ids of a row's ancestors (parent_id, its parent_id, … at most 20 up) as a text[] SQL
 * expression: recursive silences on any of them cover the row.
 */
const ancestorsSql = (table: 'components' | 'config_items', idExpr: string) =>
  `(WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT t.id, t.parent_id, 0 FROM ${table} t WHERE t.id = ${idExpr}
      UNION ALL
      SELECT t.id, t.parent_id, up.depth + 1 FROM ${table} t JOIN up ON t.id = up.parent_id
       WHERE up.depth < 20)
    SELECT coalesce(array_agg(id::text), '{}') FROM up WHERE depth > 0)`;

const HEALTH_OF_EVENT: Record<string, string> = {
  'check.failed': 'unhealthy',
  'check.passed': 'healthy',
};

async function loadCheck(db: pg.Pool | pg.PoolClient, id: string, event: string) {
  const { rows } = await db.query(
    `SELECT to_jsonb(c) - 'spec' AS check, to_jsonb(k) - 'spec' AS canary,
            (SELECT to_jsonb(s) FROM check_statuses s WHERE s.check_id = c.id
              ORDER BY s.time DESC LIMIT 1) AS status,
            (SELECT coalesce(array_agg(DISTINCT r.component_id::text), '{}')
               FROM check_component_relationships r
              WHERE r.check_id = c.id AND r.deleted_at IS NULL) AS components,
            (SELECT coalesce(array_agg(DISTINCT a), '{}')
               FROM check_component_relationships r,
                    unnest(${ancestorsSql('components', 'r.component_id')}) a
              WHERE r.check_id = c.id AND r.deleted_at IS NULL) AS ancestors
       FROM checks c JOIN canaries k ON k.id = c.canary_id
      WHERE c.id = $1 AND c.deleted_at IS NULL`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const check = row.check as Record<string, unknown>;
  const status = (row.status ?? {}) as Record<string, unknown>;
  const loaded: Loaded = {
    kind: 'check',
    resourceId: id,
    resourceName: String(check.name ?? id),
    announced: HEALTH_OF_EVENT[event],
    silenceScope: {
      // A component's silence covers the checks linked to it only when recursive, as it does
      // its child components.
      direct: { check: [id], canary: [String(check.canary_id)] },
      ancestors: {
        component: [...(row.components as string[]), ...(row.ancestors as string[])],
      },
    },
    vars: {
      check,
      canary: row.canary,
      check_status: status,
      new_state: event === 'check.failed' ? 'unhealthy' : 'healthy',
      agent: { id: check.agent_id },
    },
    attributes: {
      type: String(check.type ?? ''),
      description: String(check.description ?? ''),
      status_reason: String(status.error || status.message || ''),
      labels: record(check.labels),
      tags: {},
    },
  };
  return loaded;
}

async function loadConfig(db: pg.Pool | pg.PoolClient, id: string, event: string) {
  const { rows } = await db.query(
    `SELECT to_jsonb(c) - 'config' AS config, ${ancestorsSql('config_items', 'c.id')} AS ancestors
       FROM config_items c
      WHERE c.id = $1 AND (c.deleted_at IS NULL OR $2 = 'config.deleted')`,
    [id, event],
  );
  const config = rows[0]?.config as Record<string, unknown> | undefined;
  if (!config) return undefined;
  const state = event.split('.')[1] as string;
  const healthEvent = ['healthy', 'unhealthy', 'warning', 'unknown', 'degraded'].includes(state);
  const loaded: Loaded = {
    kind: 'config',
    resourceId: id,
    resourceName: String(config.name ?? id),
    announced: healthEvent ? state : undefined,
    silenceScope: {
      direct: { config: [id] },
      ancestors: { config: rows[0]?.ancestors as string[] },
    },
    vars: { config, new_state: healthEvent ? state : '', agent: { id: config.agent_id } },
    attributes: {
      type: String(config.type ?? ''),
      description: String(config.description ?? ''),
      status_reason: String(config.status ?? ''),
      labels: record(config.labels),
      tags: record(config.tags),
    },
    configType: String(config.type ?? ''),
  };
  return loaded;
}

async function loadComponent(db: pg.Pool | pg.PoolClient, id: string, event: string) {
  const { rows } = await db.query(
    `SELECT to_jsonb(c) - 'properties' - 'summary' - 'selectors' AS component,
            ${ancestorsSql('components', 'c.id')} AS ancestors
       FROM components c WHERE c.id = $1 AND c.deleted_at IS NULL`,
    [id],
  );
  const component = rows[0]?.component as Record<string, unknown> | undefined;
  if (!component) return undefined;
  const state = event.split('.')[1] as string;
  const loaded: Loaded = {
    kind: 'component',
    resourceId: id,
    resourceName: String(component.name ?? id),
    announced: state,
    silenceScope: {
      direct: { component: [id] },
      ancestors: { component: rows[0]?.ancestors as string[] },
    },
    vars: { component, new_state: state, agent: { id: component.agent_id } },
    attributes: {
      type: String(component.type ?? ''),
      description: String(component.description ?? ''),
      status_reason: String(component.status_reason ?? ''),
      labels: record(component.labels),
      tags: {},
    },
  };
  return loaded;
}

/** The table an incident event's id points at, and how to reach the incident from it. */
const INCIDENT_SOURCE: Record<string, string> = {
  'incident.responder': 'SELECT incident_id FROM responders WHERE id = $1',
  'incident.comment': 'SELECT incident_id FROM comments WHERE id = $1',
  'incident.dod': `SELECT h.incident_id FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
                    WHERE e.id = $1`,
};

async function loadIncident(db: pg.Pool | pg.PoolClient, id: string, event: string) {
  const source = Object.entries(INCIDENT_SOURCE).find(([p]) => event.startsWith(`${p}.`))?.[1];
  let incidentId: string | undefined = id;
  if (source) {
    const { rows } = await db.query<{ incident_id: string }>(source, [id]);
    incidentId = rows[0]?.incident_id;
  }
  if (!incidentId) return undefined;
  const { rows } = await db.query(`SELECT to_jsonb(i) AS incident FROM incidents i WHERE id = $1`, [
    incidentId,
  ]);
  const incident = rows[0]?.incident as Record<string, unknown> | undefined;
  if (!incident) return undefined;
  const loaded: Loaded = {
    kind: 'incident',
    resourceId: incidentId,
    resourceName: `${String(incident.incident_id)}: ${String(incident.title)}`,
    silenceScope: { direct: {}, ancestors: {} },
    vars: { incident, new_state: String(incident.status ?? '') },
    attributes: {
      type: String(incident.type ?? ''),
      description: String(incident.description ?? ''),
      status_reason: String(incident.status ?? ''),
      labels: {},
      tags: {},
    },
  };
  return loaded;
}

async function loadPlaybook(
  db: pg.Pool | pg.PoolClient,
  id: string,
  event: string,
  properties: Record<string, unknown>,
) {
  const runId = typeof properties.run_id === 'string' ? properties.run_id : undefined;
  if (event === 'playbook.approval.inserted' && runId) {
    const { rows } = await db.query(
      `SELECT to_jsonb(r) - 'spec' AS run, jsonb_build_object('id', p.id, 'name', p.name,
              'title', p.title, 'namespace', p.namespace) AS playbook,
              (SELECT jsonb_build_object('name', u.name, 'email', u.email)
                 FROM playbook_approvals a JOIN people u ON u.id = a.person_id WHERE a.id = $2) AS approver
         FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id WHERE r.id = $1`,
      [runId, id],
    );
    const row = rows[0];
    if (!row) return undefined;
    const playbook = row.playbook as Record<string, unknown>;
    const loaded: Loaded = {
      kind: 'playbook',
      resourceId: runId,
      resourceName: String(playbook.title || playbook.name),
      silenceScope: { direct: {}, ancestors: {} },
      vars: { run: row.run, playbook, approver: row.approver ?? {} },
      attributes: { type: 'PlaybookRun', labels: {}, tags: {} },
    };
    return loaded;
  }
  const { rows } = await db.query(
    `SELECT jsonb_build_object('id', p.id, 'name', p.name, 'title', p.title,
            'namespace', p.namespace, 'approval', p.spec -> 'approval') AS playbook
       FROM playbooks p WHERE p.id = $1`,
    [id],
  );
  const playbook = rows[0]?.playbook as Record<string, unknown> | undefined;
  if (!playbook) return undefined;
  const loaded: Loaded = {
    kind: 'playbook',
    resourceId: id,
    resourceName: String(playbook.title || playbook.name),
    silenceScope: { direct: {}, ancestors: {} },
    vars: { playbook },
    attributes: { type: 'Playbook', labels: {}, tags: {} },
  };
  return loaded;
}

const LOADERS: Record<string, Loader> = {
  check: loadCheck,
  config: loadConfig,
  component: loadComponent,
  incident: loadIncident,
  playbook: loadPlaybook,
};

/**
 * The resource's health now, for the waitFor re-check: undefined when it cannot be read (gone),
 * which counts as changed.
 */
export async function currentHealth(
  db: pg.Pool | pg.PoolClient,
  kind: ResourceKind,
  id: string,
): Promise<string | undefined> {
  const sql: Partial<Record<ResourceKind, string>> = {
    check: 'SELECT status AS h FROM checks WHERE id = $1 AND deleted_at IS NULL',
    config: 'SELECT health AS h FROM config_items WHERE id = $1 AND deleted_at IS NULL',
    component: 'SELECT status AS h FROM components WHERE id = $1 AND deleted_at IS NULL',
  };
  const query = sql[kind];
  if (!query) return undefined;
  const { rows } = await db.query<{ h: string | null }>(query, [id]);
  return rows[0]?.h ?? undefined;
}
