import type { EmbedItem, NodeOptions, ReadQuery, SelectItem } from './ast.js';
import { emptyNode } from './ast.js';
import type { Relation, Relationship } from './catalog.js';
import { resolveEmbed } from './embed.js';
import { PgrstError } from './errors.js';
import { exprSql, fieldSql, orderSql } from './expressions.js';
import { fieldKey } from './grammar.js';
import { columnSql, ident, nextAlias, visibleColumns, type SqlContext } from './sqlContext.js';

interface Embedded {
  item: EmbedItem;
  key: string;
  path: string;
  rel: Relationship;
}

/** The join condition between a parent row (alias p) and embedded rows (alias c). */
function joinSql(rel: Relationship, p: string, c: string): string {
  if (rel.kind === 'm2m' && rel.junction) {
    const j = `${c}_j`;
    const toJ = rel.junction.toColumns.map(
      (col, i) => `${j}.${ident(col)} = ${c}.${ident(rel.toColumns[i] as string)}`,
    );
    const fromJ = rel.junction.fromColumns.map(
      (col, i) => `${j}.${ident(col)} = ${p}.${ident(rel.fromColumns[i] as string)}`,
    );
    return `EXISTS (SELECT 1 FROM ${ident(rel.junction.relation.name)} ${j} WHERE ${[...toJ, ...fromJ].join(' AND ')})`;
  }
  return rel.toColumns
    .map((col, i) => `${c}.${ident(col)} = ${p}.${ident(rel.fromColumns[i] as string)}`)
    .join(' AND ');
}

function embedKey(item: EmbedItem): string {
  return item.alias ?? item.target;
}

export class ReadBuilder {
  private readonly visited = new Set<string>(['']);

  /**
   * @param scopeRoot whether the root rows are filtered by object-scoped Permissions for reading
   * (writes check their rows themselves, all or nothing); embedded rows always are.
   */
  constructor(
    private readonly ctx: SqlContext,
    private readonly query: ReadQuery,
    private readonly scopeRoot = true,
  ) {}

  private node(path: string): NodeOptions {
    return this.query.nodes.get(path) ?? emptyNode();
  }

  private embeds(relation: Relation, select: SelectItem[], path: string): Embedded[] {
    return select
      .filter((i): i is EmbedItem => i.kind === 'embed')
      .map((item) => {
        const rel = resolveEmbed(this.ctx, relation, item);
        this.ctx.authorize(rel.to, 'read');
        const key = embedKey(item);
        return { item, key, path: path ? `${path}.${key}` : key, rel };
      });
  }

  /**
   * WHERE conditions of a node: its own filters plus EXISTS for `!inner` embeds and presence
   * filters. Filters naming an embed (`embed=not.is.null`) are presence, not column, filters.
   */
  where(relation: Relation, alias: string, select: SelectItem[], path: string): string[] {
    this.visited.add(path);
    const node = this.node(path);
    const embeds = this.embeds(relation, select, path);
    const embedKeys = new Set(embeds.map((e) => e.key));
    const conditions = node.filters
      .filter(
        (f) =>
          !(
            f.kind === 'cond' &&
            embedKeys.has(f.field.name) &&
            f.op === 'is' &&
            f.field.json.length === 0
          ),
      )
      .map((f) => exprSql(this.ctx, relation, alias, f));
    if (path !== '' || this.scopeRoot) {
      const scope = this.ctx.rowFilter?.(relation, alias, 'read');
      if (scope) conditions.push(scope);
    }
    for (const e of embeds) {
      const presence = node.presence.get(e.key);
      const inner = e.item.join === 'inner' || presence === true;
      if (!inner && presence !== false) continue;
      const c = nextAlias(this.ctx);
      const childWhere = [
        joinSql(e.rel, alias, c),
        ...this.where(e.rel.to, c, e.item.children, e.path),
      ];
      const exists = `EXISTS (SELECT 1 FROM ${ident(e.rel.to.name)} ${c} WHERE ${childWhere.join(' AND ')})`;
      conditions.push(presence === false ? `NOT ${exists}` : exists);
    }
    return conditions;
  }

  /** The select list of a node as `expr AS "key"` items, embeds as correlated subqueries. */
  columns(relation: Relation, alias: string, select: SelectItem[], path: string): string[] {
    const out: string[] = [];
    for (const item of select) {
      if (item.kind === 'star') {
        for (const col of visibleColumns(this.ctx, relation)) {
          const sql = columnSql(this.ctx, relation, alias, col);
          out.push(sql === `${alias}.${ident(col)}` ? sql : `${sql} AS ${ident(col)}`);
        }
      } else if (item.kind === 'column') {
        let sql = fieldSql(this.ctx, relation, alias, item.field);
        if (item.cast) sql = `(${sql})::${item.cast}`;
        out.push(`${sql} AS ${ident(item.alias ?? fieldKey(item.field))}`);
      } else {
        out.push(`${this.embedSql(relation, alias, item, path)} AS ${ident(embedKey(item))}`);
      }
    }
    return out;
  }

  private embedSql(relation: Relation, alias: string, item: EmbedItem, parentPath: string): string {
    const rel = resolveEmbed(this.ctx, relation, item);
    const key = embedKey(item);
    const path = parentPath ? `${parentPath}.${key}` : key;
    const c = nextAlias(this.ctx);
    const children: SelectItem[] = item.children.length ? item.children : [];
    const where = [joinSql(rel, alias, c), ...this.where(rel.to, c, children, path)];
    const cols = children.length ? this.columns(rel.to, c, children, path) : [];
    const node = this.node(path);
    const select = `SELECT ${cols.length ? cols.join(', ') : 'NULL'} FROM ${ident(rel.to.name)} ${c} WHERE ${where.join(' AND ')}`;
    const x = `${c}_x`;
    if (rel.kind === 'm2o') {
      // An empty select `target()` still constrains (with !inner) but yields no key data.
      return cols.length
        ? `(SELECT row_to_json(${x}) FROM (${select} LIMIT 1) ${x})`
        : `(SELECT '{}'::json FROM (${select} LIMIT 1) ${x})`;
    }
    const paging = `${orderSql(this.ctx, rel.to, c, node.order)}${node.limit !== undefined ? ` LIMIT ${node.limit}` : ''}${node.offset ? ` OFFSET ${node.offset}` : ''}`;
    const agg = cols.length ? `json_agg(${x})` : `json_agg('{}'::json)`;
    return `(SELECT coalesce(${agg}, '[]'::json) FROM (${select}${paging}) ${x})`;
  }

  /** After building, any filter path that named no embed of the select is an error (PGRST108). */
  assertAllPathsUsed(): void {
    for (const path of this.query.nodes.keys()) {
      if (!this.visited.has(path)) {
        throw new PgrstError(
          400,
          'PGRST108',
          `'${path}' is not an embedded resource in this request`,
          null,
          `Add '${path.split('.').pop() ?? path}' to the select parameter to filter, order or page it`,
        );
      }
    }
  }
}
