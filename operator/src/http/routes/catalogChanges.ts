import { badRequest } from '../../errors.js';
import { parseTime, TimeParseError } from '../../health/timeRange.js';
import { UUID } from '../../ids.js';
import { parseLabelSelector, requirementsSql, SelectorError } from '../../labelSelector.js';
import { listCondition } from './catalog.js';
import type { Sql } from './sql.js';

/** POST /api/catalog/changes as one query: the page and its total (docs/api/catalog.md). */

const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'];
const RECURSIVE: Record<string, string | undefined> = {
  downstream: 'outgoing',
  upstream: 'incoming',
  all: 'all',
  none: undefined,
};
const SORT: Record<string, string> = {
  created_at: 'ch.created_at',
  name: 'c.name',
  change_type: 'ch.change_type',
  summary: 'ch.summary',
  source: 'ch.source',
  count: 'ch.count',
  severity: `array_position(ARRAY['info','low','medium','high','critical'], ch.severity)`,
  config_type: 'c.type',
};
const NIL_AGENT = '00000000-0000-0000-0000-000000000000';

const text = (v: unknown, field: string): string | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest(`${field} must be text`);
  return v;
};

function time(v: string, field: string): Date {
  try {
    return parseTime(v);
  } catch (error) {
    if (error instanceof TimeParseError) throw badRequest(`${field}: ${error.message}`);
    throw error;
  }
}

function int(v: unknown, field: string, fallback: number, min: number, max: number): number {
  if (v === undefined || v === null || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw badRequest(`${field} must be a whole number from ${min} to ${max}`);
  return n;
}

export function changesQuery(
  sql: Sql,
  body: Record<string, unknown>,
  scope: string | undefined,
): { text: string; page: number } {
  const where: string[] = [];
  const id = text(body.id, 'id');
  if (id) {
    if (!UUID.test(id)) throw badRequest(`id must be a config id (a UUID), not "${id}"`);
    const recursive = text(body.recursive, 'recursive') ?? 'downstream';
    if (!(recursive in RECURSIVE))
      throw badRequest(`recursive must be one of ${Object.keys(RECURSIVE).join(', ')}`);
    const depth = int(body.depth, 'depth', 5, 1, 10);
    const direction = RECURSIVE[recursive];
    const self = sql.bind(id);
    where.push(
      direction
        ? `(ch.config_id = ${self}::uuid OR ch.config_id IN (SELECT r.id FROM related_config_ids_recursive(${self}::uuid, ${sql.bind(direction)}, ${sql.bind(depth)}) r))`
        : `ch.config_id = ${self}::uuid`,
    );
  }
  for (const [field, column] of [
    ['config_type', 'c.type'],
    ['type', 'ch.change_type'],
    ['source', 'ch.source'],
    ['summary', 'ch.summary'],
  ] as const) {
    const v = text(body[field], field);
    const cond = v ? listCondition(sql, column, v) : undefined;
    if (cond) where.push(cond);
  }
  const severity = text(body.severity, 'severity');
  if (severity) {
    for (const s of severity
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean)) {
      const name = s.replace(/^!/, '');
      if (!SEVERITIES.includes(name))
        throw badRequest(`severity must be one of ${SEVERITIES.join(', ')} (or !x to exclude one)`);
      if (s.startsWith('!')) where.push(`ch.severity IS DISTINCT FROM ${sql.bind(name)}`);
      else
        where.push(
          `array_position(${sql.bind(SEVERITIES)}::text[], lower(ch.severity)) >= ${sql.bind(SEVERITIES.indexOf(name) + 1)}`,
        );
    }
  }
  const from = time(text(body.from, 'from') ?? 'now-2d', 'from');
  const to = text(body.to, 'to') ? time(text(body.to, 'to') as string, 'to') : undefined;
  if (to && from >= to) throw badRequest('from must be before to');
  where.push(`ch.created_at >= ${sql.bind(from.toISOString())}`);
  if (to) where.push(`ch.created_at <= ${sql.bind(to.toISOString())}`);
  const createdBy = text(body.created_by, 'created_by');
  if (createdBy)
    where.push(
      UUID.test(createdBy)
        ? `ch.created_by = ${sql.bind(createdBy)}::uuid`
        : `ch.external_created_by = ${sql.bind(createdBy)}`,
    );
  const tags = text(body.tags, 'tags');
  if (tags) {
    try {
      where.push(...requirementsSql(parseLabelSelector(tags), 'c.tags', (v) => sql.bind(v)));
    } catch (error) {
      if (error instanceof SelectorError) throw badRequest(`tags: ${error.message}`);
      throw error;
    }
  }
  if (body.include_deleted_configs !== true) where.push('c.deleted_at IS NULL');
  const agent = text(body.agent_id, 'agent_id');
  if (agent) {
    const a = agent === 'local' ? NIL_AGENT : agent;
    if (!UUID.test(a)) throw badRequest('agent_id must be local or an agent id');
    where.push(`c.agent_id = ${sql.bind(a)}::uuid`);
  }
  if (scope) where.push(scope);
  const sortBy = text(body.sort_by, 'sort_by') ?? '-created_at';
  const column = SORT[sortBy.replace(/^-/, '')];
  if (!column)
    throw badRequest(`sort_by cannot sort by "${sortBy}": use ${Object.keys(SORT).join(', ')}`);
  const dir = sortBy.startsWith('-') ? 'DESC' : 'ASC';
  const page = int(body.page, 'page', 1, 1, 1_000_000);
  const size = int(body.page_size, 'page_size', 50, 1, 1000);
  const filtered = `FROM config_changes ch JOIN config_items c ON c.id = ch.config_id WHERE ${where.join(' AND ')}`;
  return {
    page,
    text: `SELECT (SELECT count(*)::int ${filtered}) AS total,
      coalesce((SELECT json_agg(r) FROM (
        SELECT ch.id, ch.config_id, c.name, c.type, c.tags, ch.severity, ch.change_type, ch.source,
          ch.summary, ch.created_at, ch.first_observed, ch.count, ch.created_by, ch.external_created_by,
          c.agent_id, c.deleted_at, ch.external_change_id
        ${filtered}
        ORDER BY ${column} ${dir} NULLS LAST, ch.id ${dir}
        LIMIT ${size} OFFSET ${(page - 1) * size}) r), '[]') AS changes`,
  };
}
