import pg from 'pg';
import { NIL_AGENT } from './queryParams.js';

/**
 * The loaded components, numbered, read from the text PostgreSQL sends: each component's JSON
 * (as the topology answer gives it, empty values left out, without its closing brace) is
 * written once, straight from that text, and only the fields the tree, filters and order need
 * are parsed. (Writing the JSON in the database costs it more than writing it here.)
 */

export type Counts = Record<string, number>;
export type SeverityCounts = Record<string, Record<string, number>>;

export interface Property {
  name?: string;
  text?: string;
  value?: unknown;
  [key: string]: unknown;
}

type Kind =
  'uuid' | 'agent' | 'text' | 'json' | 'bool' | 'number' | 'time' | 'names' | 'logs' | 'ids';

/** The answer's fields in order: name, kind, and the SQL reading it (`{c}` is the row alias). */
const FIELDS: readonly [string, Kind, string?][] = [
  ['id', 'uuid'],
  ['agent_id', 'agent'],
  ['topology_id', 'uuid'],
  ['external_id', 'text'],
  ['parent_id', 'uuid'],
  ['config_id', 'uuid'],
  ['name', 'text'],
  ['text', 'text'],
  ['topology_type', 'text'],
  ['namespace', 'text'],
  ['labels', 'json'],
  ['hidden', 'bool'],
  ['silenced', 'bool'],
  ['status', 'text'],
  ['health', 'text'],
  ['description', 'text'],
  ['lifecycle', 'text'],
  ['tooltip', 'text'],
  ['status_reason', 'text'],
  ['icon', 'text'],
  ['type', 'text'],
  ['owner', 'text'],
  ['properties', 'json'],
  ['path', 'text'],
  ['cost_per_minute', 'number'],
  ['cost_total_1d', 'number'],
  ['cost_total_7d', 'number'],
  ['cost_total_30d', 'number'],
  ['created_at', 'time'],
  ['updated_at', 'time'],
  ['team_names', 'names', 'tn.team_names'],
  ['logs', 'logs', '{c}.log_selectors'],
  ['children', 'ids', 'kids.children'],
  ['parents', 'ids', 'ups.parents'],
];
const at = (name: string) => FIELDS.findIndex(([n]) => n === name);
const [ID, PARENT_ID, PARENTS, NAME, STATUS, TYPE, OWNER, LABELS, TEAMS, PROPERTIES] = [
  at('id'),
  at('parent_id'),
  at('parents'),
  at('name'),
  at('status'),
  at('type'),
  at('owner'),
  at('labels'),
  at('team_names'),
  at('properties'),
];
const [CHECKS, INCIDENTS, ANALYSIS] = [FIELDS.length, FIELDS.length + 1, FIELDS.length + 2];

/**
 * The select list matching FIELDS, then the check, incident and insight counts (with tn, kids,
 * ups, cs, inc and an joined as componentLinksSql does).
 */
export function componentColumnsSql(c: string): string {
  const fields = FIELDS.map(([name, , sql]) => (sql ?? `{c}.${name}`).replaceAll('{c}', c));
  return [...fields, 'cs.checks', 'inc.incidents', 'an.analysis'].join(', ');
}

/** text[] (OID 1009) as the driver reads it, quotes and escapes included. */
const parseTextArray = (pg.types.getTypeParser as (oid: number) => (text: string) => string[])(
  1009,
);
const ids = (text: string | null) => (text && text.length > 2 ? text.slice(1, -1).split(',') : []);

/** timestamptz text as RFC 3339 (the driver, too, expects the ISO DateStyle). */
function rfc3339(value: string): string {
  if (value.charAt(10) !== ' ') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? value : d.toISOString();
  }
  const t = `${value.slice(0, 10)}T${value.slice(11)}`;
  const sign = t.charAt(t.length - 3);
  return sign === '+' || sign === '-' ? `${t}:00` : t;
}

/** Pushes `,"key":value` for a field's (non-empty) text, in pieces, unless the value is empty. */
type Writer = (parts: string[], v: string) => void;

function writer(key: string, kind: Exclude<Kind, 'ids'>): Writer {
  switch (kind) {
    case 'uuid': {
      const open = `${key}"`;
      return (parts, v) => void parts.push(open, v, '"');
    }
    case 'agent': {
      // The local agent's id (the nil UUID) is an empty value.
      const open = `${key}"`;
      return (parts, v) => {
        if (v !== NIL_AGENT) parts.push(open, v, '"');
      };
    }
    case 'text':
      return (parts, v) => void parts.push(key, JSON.stringify(v));
    case 'json':
      return (parts, v) => {
        if (v !== '{}' && v !== '[]' && v !== 'null') parts.push(key, v);
      };
    case 'bool':
      return (parts, v) => {
        if (v === 't') parts.push(key, 'true');
      };
    case 'number':
      return (parts, v) => {
        const n = Number(v);
        if (n && Number.isFinite(n)) parts.push(key, String(n));
      };
    case 'time': {
      const open = `${key}"`;
      return (parts, v) => void parts.push(open, rfc3339(v), '"');
    }
    case 'names':
      return (parts, v) => {
        const names = parseTextArray(v);
        if (names.length) parts.push(key, JSON.stringify(names));
      };
    case 'logs':
      return (parts, v) => {
        const selectors: unknown = JSON.parse(v);
        if (!Array.isArray(selectors) || !selectors.length) return;
        const logs = selectors.map((s: { name?: unknown } | null) => ({ name: s?.name }));
        parts.push(key, JSON.stringify(logs));
      };
  }
}

const WRITERS: Writer[] = FIELDS.map(([name, kind], k) => {
  // The first field (the id, never empty) opens the object; the others follow a comma.
  const key = `${k ? ',' : '{'}"${name}":`;
  if (kind !== 'ids') return writer(key, kind);
  // Relationship ids are always given, as a list.
  return (parts, v) => void parts.push(key, v.length > 2 ? `["${ids(v).join('","')}"]` : '[]');
});
const ALWAYS = FIELDS.map(([, kind]) => (kind === 'ids' ? '{}' : null));

/** A component's JSON without its closing brace, from a row of componentColumnsSql. */
export function componentPrefix(row: readonly (string | null)[]): string {
  // Pieces joined once: one flat string, cheap to copy into the answer later.
  const parts: string[] = [];
  for (let k = 0; k < WRITERS.length; k++) {
    const v = row[k] || ALWAYS[k];
    if (v) (WRITERS[k] as Writer)(parts, v);
  }
  return parts.join('');
}

const json = <T>(text: string | null | undefined): T | null =>
  text ? (JSON.parse(text) as T) : null;

const NO_IDS: readonly string[] = Object.freeze([]);

/** Components added one row at a time, as they arrive: a row is not kept once it is read. */
export class ComponentSet {
  readonly id: string[] = [];
  readonly parentId: (string | null)[] = [];
  readonly parents: (readonly string[])[] = [];
  readonly name: string[] = [];
  readonly status: string[] = [];
  readonly type: (string | null)[] = [];
  readonly owner: (string | null)[] = [];
  /** Each component's JSON without its closing brace. */
  readonly prefix: string[] = [];
  readonly checks: (Counts | null)[] = [];
  readonly incidents: (SeverityCounts | null)[] = [];
  readonly analysis: (SeverityCounts | null)[] = [];
  private readonly labelsTexts: (string | null)[] = [];
  private readonly teamsTexts: (string | null)[] = [];
  private readonly propertiesTexts: (string | null)[] = [];
  private readonly parsedLabels: (Record<string, string> | null | undefined)[] = [];
  private readonly parsedTeams: (string[] | undefined)[] = [];
  private readonly parsedProperties: (Property[] | null | undefined)[] = [];

  /** Reads a row of componentColumnsSql (every column as text). */
  add(r: readonly (string | null)[]): void {
    this.prefix.push(componentPrefix(r));
    this.id.push(r[ID] as string);
    this.parentId.push(r[PARENT_ID] ?? null);
    const parents = r[PARENTS] ?? null;
    this.parents.push(parents && parents.length > 2 ? ids(parents) : NO_IDS);
    this.name.push(r[NAME] ?? '');
    this.status.push(r[STATUS] ?? '');
    this.type.push(r[TYPE] || null);
    this.owner.push(r[OWNER] || null);
    this.checks.push(json(r[CHECKS]));
    this.incidents.push(json(r[INCIDENTS]));
    this.analysis.push(json(r[ANALYSIS]));
    this.labelsTexts.push(r[LABELS] ?? null);
    this.teamsTexts.push(r[TEAMS] ?? null);
    this.propertiesTexts.push(r[PROPERTIES] ?? null);
  }

  get length(): number {
    return this.id.length;
  }

  labelsText(i: number): string | null {
    return this.labelsTexts[i] ?? null;
  }

  teamsText(i: number): string | null {
    return this.teamsTexts[i] ?? null;
  }

  labels(i: number): Record<string, string> | null {
    return (this.parsedLabels[i] ??= json<Record<string, string>>(this.labelsTexts[i]));
  }

  teams(i: number): string[] {
    const text = this.teamsTexts[i];
    return (this.parsedTeams[i] ??= text ? parseTextArray(text) : []);
  }

  properties(i: number): Property[] | null {
    return (this.parsedProperties[i] ??= (() => {
      const p = json<unknown>(this.propertiesTexts[i]);
      return Array.isArray(p) ? (p as Property[]) : null;
    })());
  }
}
