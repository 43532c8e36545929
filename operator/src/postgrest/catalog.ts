import type pg from 'pg';

/**
 * The schema catalog: relations, columns, keys and the relationships PostgREST derives from
 * foreign keys — including those of views, through the base-table columns a view exposes
 * unchanged. Identifiers in generated SQL only ever come from here.
 */
export interface Column {
  name: string;
  type: string;
  /** pg_type.typcategory: S string, N numeric, B boolean, D date/time, U user (json, uuid), A array … */
  category: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface Relation {
  oid: number;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
}

export interface Relationship {
  kind: 'm2o' | 'o2m' | 'm2m';
  from: Relation;
  to: Relation;
  /** The foreign-key constraint (for m2m: the junction table's name). */
  constraint: string;
  fromColumns: string[];
  toColumns: string[];
  junction?: { relation: Relation; fromColumns: string[]; toColumns: string[] };
}

export interface RpcFunction {
  name: string;
  args: { name: string; type: string; hasDefault: boolean }[];
  returnsSet: boolean;
  /** The relation whose rows a set-returning function yields, when it returns SETOF a table. */
  returnsRelation?: Relation;
  /** Output columns of RETURNS TABLE(...) functions. */
  returnsColumns?: string[];
  volatile: boolean;
}

export interface Catalog {
  relations: Map<string, Relation>;
  relationships: Map<string, Relationship[]>;
  functions: Map<string, RpcFunction>;
}

interface ForeignKey {
  name: string;
  table: number;
  columns: number[];
  refTable: number;
  refColumns: number[];
}

export async function loadCatalog(pool: pg.Pool | pg.PoolClient): Promise<Catalog> {
  const [rels, cols, cons, views, fns] = await Promise.all([
    pool.query<{ oid: number; name: string; relkind: string; reltype: number }>(
      `SELECT c.oid::int AS oid, c.relname AS name, c.relkind::text AS relkind, c.reltype::int AS reltype FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`,
    ),
    pool.query<{
      rel: number;
      name: string;
      num: number;
      type: string;
      category: string;
      notnull: boolean;
      hasdef: boolean;
    }>(
      `SELECT a.attrelid::int AS rel, a.attname AS name, a.attnum::int AS num,
              format_type(a.atttypid, a.atttypmod) AS type, t.typcategory::text AS category,
              a.attnotnull AS notnull, a.atthasdef AS hasdef
         FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
         JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY a.attrelid, a.attnum`,
    ),
    pool.query<{
      name: string;
      type: string;
      rel: number;
      cols: number[];
      frel: number;
      fcols: number[] | null;
    }>(
      `SELECT con.conname AS name, con.contype::text AS type, con.conrelid::int AS rel,
              con.conkey::int[] AS cols, con.confrelid::int AS frel, con.confkey::int[] AS fcols
         FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace
        WHERE n.nspname = 'public' AND con.contype IN ('p', 'f', 'u')`,
    ),
    pool.query<{ view: number; action: string }>(
      `SELECT r.ev_class::int AS view, r.ev_action::text AS action FROM pg_rewrite r
         JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('v', 'm') AND r.rulename = '_RETURN'`,
    ),
    pool.query<{
      name: string;
      argnames: string[] | null;
      argtypes: string[];
      argmodes: string[] | null;
      nargdefaults: number;
      retset: boolean;
      rettype: number;
      volatile: string;
      nargs: number;
    }>(
      `SELECT p.proname AS name, p.proargnames AS argnames,
              ARRAY(SELECT format_type(t, NULL) FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) AS argtypes,
              p.proargmodes::text[] AS argmodes, p.pronargdefaults::int AS nargdefaults, p.proretset AS retset,
              p.prorettype::int AS rettype, p.provolatile::text AS volatile, p.pronargs::int AS nargs
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.prokind = 'f'`,
    ),
  ]);

  const byOid = new Map<number, Relation>();
  const relations = new Map<string, Relation>();
  for (const r of rels.rows) {
    const rel: Relation = {
      oid: r.oid,
      name: r.name,
      kind: r.relkind === 'v' || r.relkind === 'm' ? 'view' : 'table',
      columns: new Map(),
      primaryKey: [],
    };
    byOid.set(r.oid, rel);
    relations.set(r.name, rel);
  }
  const colName = new Map<string, string>(); // `${oid}:${attnum}` -> name
  for (const c of cols.rows) {
    const rel = byOid.get(c.rel);
    if (!rel) continue;
    rel.columns.set(c.name, {
      name: c.name,
      type: c.type,
      category: c.category,
      nullable: !c.notnull,
      hasDefault: c.hasdef,
    });
    colName.set(`${c.rel}:${c.num}`, c.name);
  }
  const name = (oid: number, num: number) => colName.get(`${oid}:${num}`) as string;

  const foreignKeys: ForeignKey[] = [];
  for (const con of cons.rows) {
    const rel = byOid.get(con.rel);
    if (!rel) continue;
    if (con.type === 'p') rel.primaryKey = con.cols.map((n) => name(con.rel, n));
    if (con.type === 'f' && con.fcols && byOid.has(con.frel)) {
      foreignKeys.push({
        name: con.name,
        table: con.rel,
        columns: con.cols,
        refTable: con.frel,
        refColumns: con.fcols,
      });
    }
  }

  // View column -> the base-table column it exposes unchanged, resolved through views of views.
  const origin = new Map<string, string>(); // `${viewOid}:${attnum}` -> `${baseOid}:${attnum}`
  for (const v of views.rows) {
    if (!byOid.has(v.view)) continue;
    for (const [resno, base] of topLevelOrigins(v.action)) origin.set(`${v.view}:${resno}`, base);
  }
  const resolve = (key: string): string => {
    for (let k = key, i = 0; i < 10; i++) {
      const next = origin.get(k);
      if (!next) return k;
      k = next;
    }
    return key;
  };
  // For each base column, the relations (itself and views) exposing it, by column name.
  const exposed = new Map<string, { rel: Relation; column: string }[]>();
  for (const rel of byOid.values()) {
    let num = 0;
    for (const col of rel.columns.keys()) {
      num++;
      const base = resolve(`${rel.oid}:${num}`);
      const list = exposed.get(base) ?? [];
      list.push({ rel, column: col });
      exposed.set(base, list);
    }
  }
  const exposing = (oid: number, nums: number[]): { rel: Relation; columns: string[] }[] => {
    const candidates = new Map<Relation, string[]>();
    nums.forEach((n, i) => {
      for (const e of exposed.get(`${oid}:${n}`) ?? []) {
        const cols = candidates.get(e.rel) ?? [];
        cols[i] = e.column;
        candidates.set(e.rel, cols);
      }
    });
    return [...candidates]
      .filter(([, c]) => c.filter(Boolean).length === nums.length)
      .map(([rel, columns]) => ({ rel, columns }));
  };

  const relationships = new Map<string, Relationship[]>();
  const add = (r: Relationship) => {
    const list = relationships.get(r.from.name) ?? [];
    list.push(r);
    relationships.set(r.from.name, list);
  };
  for (const fk of foreignKeys) {
    for (const src of exposing(fk.table, fk.columns)) {
      for (const dst of exposing(fk.refTable, fk.refColumns)) {
        add({
          kind: 'm2o',
          from: src.rel,
          to: dst.rel,
          constraint: fk.name,
          fromColumns: src.columns,
          toColumns: dst.columns,
        });
        add({
          kind: 'o2m',
          from: dst.rel,
          to: src.rel,
          constraint: fk.name,
          fromColumns: dst.columns,
          toColumns: src.columns,
        });
      }
    }
  }
  // Many-to-many through a junction table whose primary key holds both foreign keys.
  for (const junction of byOid.values()) {
    if (junction.kind !== 'table' || junction.primaryKey.length === 0) continue;
    const fks = foreignKeys.filter(
      (fk) =>
        fk.table === junction.oid &&
        fk.columns.every((n) => junction.primaryKey.includes(name(fk.table, n))),
    );
    for (const a of fks) {
      for (const b of fks) {
        if (a === b) continue;
        for (const left of exposing(a.refTable, a.refColumns)) {
          for (const right of exposing(b.refTable, b.refColumns)) {
            add({
              kind: 'm2m',
              from: left.rel,
              to: right.rel,
              constraint: junction.name,
              fromColumns: left.columns,
              toColumns: right.columns,
              junction: {
                relation: junction,
                fromColumns: a.columns.map((n) => name(a.table, n)),
                toColumns: b.columns.map((n) => name(b.table, n)),
              },
            });
          }
        }
      }
    }
  }

  const byRowType = new Map(rels.rows.map((r) => [r.reltype, byOid.get(r.oid) as Relation]));
  const functions = new Map<string, RpcFunction>();
  for (const f of fns.rows) {
    const modes = f.argmodes ?? f.argtypes.map(() => 'i');
    const names = f.argnames ?? [];
    const inputs = f.argtypes
      .map((type, i) => ({ name: names[i] ?? '', type, mode: modes[i] }))
      .filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const firstDefault = f.nargs - f.nargdefaults;
    const outputs = f.argtypes
      .map((_t, i) => ({ name: names[i] ?? '', mode: modes[i] }))
      .filter((a) => a.mode === 't' || a.mode === 'o' || a.mode === 'b');
    functions.set(f.name, {
      name: f.name,
      args: inputs.map((a, i) => ({ name: a.name, type: a.type, hasDefault: i >= firstDefault })),
      returnsSet: f.retset,
      ...(byRowType.has(f.rettype) ? { returnsRelation: byRowType.get(f.rettype) } : {}),
      ...(outputs.length ? { returnsColumns: outputs.map((o) => o.name) } : {}),
      volatile: f.volatile === 'v',
    });
  }
  return { relations, relationships, functions };
}

/**
 * The origins of a view's own output columns, from its stored query tree (pg_rewrite.ev_action
 * as text): only the target entries of the top-level query count. Scalar subqueries in the
 * select list have target entries of their own (`SELECT p.id …` inside a column expression),
 * which must not be mistaken for the view's columns.
 */
export function topLevelOrigins(action: string): Map<number, string> {
  const out = new Map<number, string>();
  const start = action.indexOf('{QUERY');
  if (start < 0) return out;
  // Walk the node text, tracking nesting (backslash escapes a literal bracket in names).
  let depth = 0;
  let list = -1;
  for (let i = start; i < action.length; i++) {
    const ch = action[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{' || ch === '(') depth++;
    else if (ch === '}' || ch === ')') depth--;
    else if (depth === 1 && action.startsWith(':targetList (', i)) {
      list = i + ':targetList '.length;
      break;
    }
  }
  if (list < 0) return out;
  depth = 0;
  let entry = -1;
  for (let i = list; i < action.length; i++) {
    const ch = action[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{' || ch === '(') {
      depth++;
      if (depth === 2 && ch === '{') entry = i;
    } else if (ch === '}' || ch === ')') {
      depth--;
      if (depth === 1 && ch === '}' && entry >= 0) {
        // The entry's own fields follow its expression, so the last match is the entry's.
        const segment = action.slice(entry, i + 1);
        const re =
          /:resno (\d+) :resname \S+ :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+)/g;
        let last: RegExpExecArray | null = null;
        for (let m = re.exec(segment); m; m = re.exec(segment)) last = m;
        if (last && last[2] !== '0') out.set(Number(last[1]), `${last[2]}:${last[3]}`);
        entry = -1;
      }
      if (depth === 0) break;
    }
  }
  return out;
}
