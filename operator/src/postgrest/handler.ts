import { Router, type Request, type Response } from 'express';
import express from 'express';
import type pg from 'pg';
import type { Principal } from '../auth/identity.js';
import { can, denial, mayReachSome, rowDenial, rowScope, type Action } from '../auth/policy.js';
import { bodyError, isTooLarge, tooLargeMessage } from '../http/bodyErrors.js';
import type { Catalog, Relation } from './catalog.js';
import { loadCatalog } from './catalog.js';
import { fromPgError, PgrstError } from './errors.js';
import {
  exposureOf as defaultExposure,
  functionExposureOf as defaultFunctionExposure,
  type Exposure,
} from './exposure.js';
import { MAX_ROWS, planDelete, planInsert, planRead, planUpdate, type Plan } from './plan.js';
import { contentRange, parsePrefer, parseRange, wantsSingular } from './prefer.js';
import { parseQuery } from './query.js';
import { planRpc } from './rpc.js';
import { RowPolicyError, scopeFilter, writeBounds } from '../auth/rowPolicy.js';
import { bind, type SqlContext } from './sqlContext.js';

/** Above this many rows `count=estimated` uses the planner's estimate instead of counting. */
const ESTIMATE_THRESHOLD = 10_000;

type ExposureOf = (name: string) => Exposure | undefined;

export interface DbApiOptions {
  /** Which relations are reachable and under which RBAC object (tests narrow or widen it). */
  exposureOf?: ExposureOf;
  functionExposureOf?: ExposureOf;
}

export interface DbApi {
  router: Router;
  /** Reloads the schema catalog (after migrations). */
  reload(): Promise<void>;
}

function notFound(name: string): PgrstError {
  return new PgrstError(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    null,
  );
}

function forbidden(message: string): PgrstError {
  return new PgrstError(403, '42501', message);
}

function context(catalog: Catalog, principal: Principal, exposureOf: ExposureOf): SqlContext {
  const objectFor = (exposure: Exposure, access: 'read' | 'write') =>
    access === 'read' ? exposure.object : (exposure.writeObject ?? exposure.object);
  // Writes are judged by what they do: create, update or delete (an upsert both creates and updates).
  const verbsFor = (access: 'read' | 'write'): readonly Action[] =>
    access === 'read' ? ['read'] : (ctx.writeVerbs ?? ['create', 'update', 'delete']);
  const ctx: SqlContext = {
    catalog,
    params: [],
    seq: 0,
    hidden: (relation) => exposureOf(relation.name)?.writeOnly ?? [],
    masked: (relation) => exposureOf(relation.name)?.masked,
    authorize: (relation: Relation, access) => {
      const exposure = exposureOf(relation.name);
      if (!exposure) throw notFound(relation.name);
      if (access === 'write' && (exposure.readOnly || relation.kind === 'view')) {
        throw new PgrstError(
          405,
          'PGRST105',
          `${relation.name} is read-only`,
          null,
          'Write to the underlying table instead',
        );
      }
      const object = objectFor(exposure, access);
      // Object-scoped allows can open some rows of a relation the roles keep closed.
      const kinds = (exposure.scopes ?? []).map((s) => s.kind);
      for (const verb of verbsFor(access)) {
        if (!mayReachSome(principal, object, verb, kinds))
          throw forbidden(`${denial(principal, object, verb)} (${relation.name})`);
      }
    },
    rowFilter: (relation, alias, access) => {
      const exposure = exposureOf(relation.name);
      if (!exposure?.scopes) return undefined;
      const object = objectFor(exposure, access);
      const conds: string[] = [];
      for (const verb of verbsFor(access)) {
        try {
          const sql = scopeFilter(
            principal,
            object,
            verb,
            relation.name,
            exposure.scopes,
            alias,
            (v) => bind(ctx, v),
          );
          if (sql) conds.push(sql);
        } catch (error) {
          if (error instanceof RowPolicyError)
            throw forbidden(`${denial(principal, object, verb)} (${relation.name})`);
          throw error;
        }
      }
      return conds.length ? conds.join(' AND ') : undefined;
    },
    rowRefusal: (relation) => {
      const exposure = exposureOf(relation.name);
      const object = exposure ? objectFor(exposure, 'write') : 'database';
      const kinds = (exposure?.scopes ?? []).map((s) => s.kind);
      // The first verb of the write that some Permission limits to some rows.
      const verbs = verbsFor('write');
      const limited =
        verbs.find((v) =>
          kinds.some((k) => {
            const scope = rowScope(principal, object, v, k);
            return scope && (!scope.all || scope.deny.length > 0);
          }),
        ) ?? verbs[0];
      return `${rowDenial(principal, object, limited ?? 'write', kinds)} (${relation.name})`;
    },
    writeChecks: (relation, alias) =>
      writeBounds(principal, relation.name, alias, (v) => bind(ctx, v), ctx.writeVerbs),
  };
  return ctx;
}

function page(req: Request, root: { limit?: number; offset?: number } | undefined) {
  const range = parseRange(req.headers.range);
  const offset = root?.offset ?? range?.offset ?? 0;
  const limit = Math.min(root?.limit ?? range?.limit ?? MAX_ROWS, MAX_ROWS);
  return { offset, limit };
}

async function runInTransaction<T>(
  pool: pg.Pool,
  personId: string,
  readOnly: boolean,
  fn: (client: pg.Pool | pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
    // As PostgREST does: triggers (history rows) learn who is acting from the JWT claims setting.
    await client.query(`SELECT set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ id: personId }),
    ]);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function countRows(
  client: pg.Pool | pg.PoolClient,
  plan: Plan,
  mode: 'exact' | 'planned' | 'estimated',
): Promise<number> {
  if (!plan.countSql) return 0;
  if (mode !== 'exact') {
    const explain = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `EXPLAIN (FORMAT JSON) ${plan.countSql.replace(/^SELECT count\(\*\)::bigint AS n/, 'SELECT 1')}`,
      plan.countParams,
    );
    const estimate = explain.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
    if (mode === 'planned' || estimate > ESTIMATE_THRESHOLD) return estimate;
  }
  const { rows } = await client.query<{ n: number }>(plan.countSql, plan.countParams);
  return rows[0]?.n ?? 0;
}

/** A write body (one row or many) through the relation's prepareWrite; its errors are 400s. */
function prepareBody(prepare: ((row: unknown) => unknown) | undefined, body: unknown): unknown {
  if (!prepare || body === undefined) return body;
  try {
    return Array.isArray(body) ? body.map(prepare) : prepare(body);
  } catch (error) {
    throw new PgrstError(400, '22023', (error as Error).message);
  }
}

function sendError(res: Response, error: unknown): void {
  const e = error instanceof PgrstError ? error : fromPgError(error);
  res.status(e.status).type('application/json').send(JSON.stringify(e.body()));
}

/** `/api/db`: PostgREST semantics over the exposed tables, views and functions. */
export function dbApi(pool: pg.Pool, options: DbApiOptions = {}): DbApi {
  const exposureOf = options.exposureOf ?? defaultExposure;
  const functionExposureOf = options.functionExposureOf ?? defaultFunctionExposure;
  let catalog: Promise<Catalog> | undefined;
  const getCatalog = () =>
    (catalog ??= loadCatalog(pool).catch((e: unknown) => {
      catalog = undefined;
      throw e;
    }));
  const router = Router();
  router.use(express.json({ limit: '10mb', type: ['application/json', 'application/*+json'] }));

  const handle = async (req: Request, res: Response, rpc: boolean) => {
    const principal = res.locals.principal as Principal;
    const name = req.params.name as string;
    const cat = await getCatalog();
    const ctx = context(cat, principal, exposureOf);
    const params = new URL(req.originalUrl, 'http://localhost').searchParams;
    const query = parseQuery(params);
    const prefer = req.headers.prefer;
    const prefs = parsePrefer(Array.isArray(prefer) ? prefer.join(',') : prefer);
    const singular = wantsSingular(req.headers.accept);
    const method = req.method;
    const returning = prefs.returning === 'representation' || singular;
    let plan: Plan & { scalar?: boolean };
    let readOnly = method === 'GET' || method === 'HEAD';
    const p = page(req, query.nodes.get(''));

    if (rpc) {
      const fn = cat.functions.get(name);
      const exposure = functionExposureOf(name);
      if (!fn || !exposure)
        throw new PgrstError(
          404,
          'PGRST202',
          `Could not find the function public.${name} in the schema cache`,
        );
      if (method !== 'GET' && method !== 'POST')
        throw new PgrstError(405, 'PGRST101', 'functions take GET or POST');
      const access = method === 'GET' ? 'read' : 'write';
      const needed = fn.volatile ? access : 'read';
      if (!can(principal, exposure.object, needed)) {
        throw new PgrstError(403, '42501', denial(principal, exposure.object, needed));
      }
      const args =
        method === 'GET'
          ? new Map<string, unknown>(query.args)
          : new Map(Object.entries((req.body as object | undefined) ?? {}));
      if (fn.returnsRelation) ctx.authorize(fn.returnsRelation, 'read');
      plan = planRpc(ctx, fn, query, args, p);
    } else {
      const relation = cat.relations.get(name);
      if (!relation || !exposureOf(name)) throw notFound(name);
      if (method === 'GET' || method === 'HEAD') {
        ctx.authorize(relation, 'read');
        plan = planRead(ctx, relation, query, p);
      } else if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
        ctx.writeVerbs =
          method === 'POST'
            ? prefs.resolution === 'merge'
              ? ['create', 'update']
              : ['create']
            : method === 'PATCH'
              ? ['update']
              : ['delete'];
        ctx.authorize(relation, 'write');
        readOnly = false;
        if ((method === 'POST' || method === 'PATCH') && req.body === undefined) {
          throw new PgrstError(
            400,
            'PGRST102',
            'the request needs a JSON body with Content-Type: application/json',
          );
        }
        const body = prepareBody(exposureOf(name)?.prepareWrite, req.body as unknown);
        plan =
          method === 'POST'
            ? planInsert(ctx, relation, query, body, {
                returning,
                ...(prefs.resolution ? { resolution: prefs.resolution } : {}),
              })
            : method === 'PATCH'
              ? planUpdate(ctx, relation, query, body, { returning })
              : planDelete(ctx, relation, query, { returning });
      } else {
        throw new PgrstError(
          405,
          'PGRST101',
          `${method} is not supported on /api/db; use GET, POST, PATCH or DELETE`,
        );
      }
    }

    const execute = async (db: pg.Pool | pg.PoolClient) => {
      const isRead = method === 'GET' || method === 'HEAD';
      let total: number | undefined;
      let row: { body: string | null; n: number; total?: number } | undefined;
      if (isRead && prefs.count === 'exact' && plan.sqlWithCount) {
        row = (
          await db.query<{ body: string; n: number; total: number }>(plan.sqlWithCount, plan.params)
        ).rows[0];
        total = row?.total;
      } else {
        if (isRead && prefs.count) total = await countRows(db, plan, prefs.count);
        row = (await db.query<{ body: string | null; n: number }>(plan.sql, plan.params)).rows[0];
      }
      const refused = (row as { refused?: number[] } | undefined)?.refused ?? [];
      const failed = refused.findIndex((n) => n > 0);
      // A write that touches or makes a row the subject may not is refused whole (rolled back).
      if (failed >= 0) throw forbidden(plan.refusals?.[failed] ?? 'permission denied');
      const result = row ?? { body: '[]', n: 0 };
      if (singular && !plan.scalar && result.n !== 1) {
        // Singular writes that touch 0 or 2+ rows are rolled back: never a partial write.
        throw new PgrstError(
          406,
          'PGRST116',
          'JSON object requested, multiple (or no) rows returned',
          `The result contains ${result.n} rows`,
        );
      }
      return { body: result.body, n: result.n, total };
    };
    // A table read is one statement and needs no transaction; functions called by GET run
    // read-only, and writes run in a transaction so a refused singular write leaves nothing.
    const result =
      !rpc && readOnly
        ? await execute(pool)
        : await runInTransaction(pool, principal.person.id, readOnly, execute);

    res.type('application/json; charset=utf-8');
    if (method === 'GET' || method === 'HEAD') {
      const { offset } = p;
      if (result.total !== undefined && offset > 0 && offset >= result.total) {
        res.setHeader('Content-Range', `*/${result.total}`);
        throw new PgrstError(
          416,
          'PGRST103',
          'Requested range not satisfiable',
          `An offset of ${offset} was requested, but there are only ${result.total} rows.`,
        );
      }
      res.setHeader('Content-Range', contentRange(offset, result.n, result.total));
      const partial = result.total !== undefined && result.n < result.total;
      res.status(partial ? 206 : 200);
      if (singular && !plan.scalar)
        res.send(JSON.stringify((JSON.parse(result.body ?? '[]') as unknown[])[0]));
      else res.send(result.body ?? '[]');
      return;
    }
    if (rpc) {
      res.status(200).send(result.body ?? 'null');
      return;
    }
    res.setHeader(
      'Content-Range',
      method === 'POST' ? '*/*' : contentRange(0, result.n, undefined),
    );
    if (!returning) {
      res.status(method === 'POST' ? 201 : 204).end();
      return;
    }
    const body = singular
      ? JSON.stringify((JSON.parse(result.body ?? '[]') as unknown[])[0])
      : (result.body ?? '[]');
    res.status(method === 'POST' ? 201 : 200).send(body);
  };

  const wrap = (rpc: boolean) => async (req: Request, res: Response) => {
    try {
      await handle(req, res, rpc);
    } catch (error) {
      if (!(error instanceof PgrstError) && !(error as { code?: string }).code) throw error;
      sendError(res, error);
    }
  };
  // A malformed JSON body is a PostgREST PGRST102, not a generic error; a too large one too,
  // with 413 and the limit.
  router.use(
    (
      error: { type?: string; message?: string },
      _req: Request,
      res: Response,
      next: (e?: unknown) => void,
    ) => {
      const body = bodyError(error);
      if (body && isTooLarge(body))
        sendError(
          res,
          new PgrstError(
            413,
            'PGRST102',
            tooLargeMessage(body),
            null,
            'Split the write into smaller requests.',
          ),
        );
      else if (error.type)
        sendError(
          res,
          new PgrstError(400, 'PGRST102', `invalid JSON body: ${error.message ?? error.type}`),
        );
      else next(error);
    },
  );
  router.all('/rpc/:name', wrap(true));
  router.all('/:name', wrap(false));
  router.all(/.*/, (req, res) => {
    sendError(res, new PgrstError(404, 'PGRST205', `no table, view or function at ${req.path}`));
  });
  return { router, reload: async () => void (catalog = loadCatalog(pool)) };
}
