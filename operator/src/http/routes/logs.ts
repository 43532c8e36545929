import { Router } from 'express';
import type pg from 'pg';
import type { Principal } from '../../auth/identity.js';
import { badRequest } from '../../errors.js';
import { parseTime, TimeParseError } from '../../health/timeRange.js';
import { UUID } from '../../ids.js';
import type { LogRing } from '../../logs/ring.js';
import {
  DEFAULT_LIMIT,
  DEFAULT_START,
  MAX_LIMIT,
  searchLogs,
  type LogsQuery,
} from '../../logs/search.js';
import { requirePermission } from '../authn.js';

const MAX_QUERY = 1000;

function optionalText(body: Record<string, unknown>, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest(`${name} must be text`);
  return v;
}

function time(body: Record<string, unknown>, name: string, fallback: string, now: number): number {
  try {
    return parseTime(optionalText(body, name) ?? fallback, now).getTime();
  } catch (error) {
    if (error instanceof TimeParseError) throw badRequest(`${name}: ${error.message}`);
    throw error;
  }
}

/** The request body as a search, or a 400 saying what is wrong with it. */
export function parseLogsRequest(raw: unknown, now = Date.now()): LogsQuery {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest('the body must be a JSON object with at least id (the component)');
  const body = raw as Record<string, unknown>;
  const id = optionalText(body, 'id');
  if (!id) throw badRequest('id (the component) is required');
  if (!UUID.test(id)) throw badRequest(`id must be a component id (a UUID), not "${id}"`);
  const query = optionalText(body, 'query') ?? '';
  if (query.length > MAX_QUERY) throw badRequest(`query must be at most ${MAX_QUERY} characters`);
  if (/[\r\n]/.test(query)) throw badRequest('query must be one line');
  const labels: Record<string, string> = {};
  if (body.labels !== undefined && body.labels !== null) {
    if (typeof body.labels !== 'object' || Array.isArray(body.labels))
      throw badRequest('labels must map label names to values');
    for (const [k, v] of Object.entries(body.labels)) {
      if (typeof v !== 'string') throw badRequest(`labels.${k} must be text`);
      labels[k] = v;
    }
  }
  let limit = DEFAULT_LIMIT;
  if (body.limit !== undefined && body.limit !== null) {
    const n = Number(body.limit);
    if (!Number.isInteger(n) || n < 1 || n > MAX_LIMIT)
      throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
    limit = n;
  }
  const start = time(body, 'start', DEFAULT_START, now);
  const end = time(body, 'end', 'now', now);
  if (start >= end) throw badRequest('start must be before end');
  return {
    id: id.toLowerCase(),
    name: optionalText(body, 'name'),
    query,
    labels,
    start,
    end,
    limit,
    cursor: optionalText(body, 'cursor'),
  };
}

/** POST /api/logs (docs/logs.md), mounted under /logs. */
export function logRoutes(pool: pg.Pool, ring?: LogRing): Router {
  const router = Router();
  router.post('/', requirePermission('logging_backends', 'read'), async (req, res) => {
    const q = parseLogsRequest(req.body);
    // A client that goes away stops the search (and any Loki request it is waiting on).
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const page = await searchLogs(pool, res.locals.principal as Principal, q, {
      ring,
      signal: abort.signal,
    });
    res.json(page);
  });
  return router;
}
