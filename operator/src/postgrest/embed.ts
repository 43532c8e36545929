import type { EmbedItem } from './ast.js';
import type { Relation, Relationship } from './catalog.js';
import { PgrstError } from './errors.js';
import type { SqlContext } from './sqlContext.js';

function describe(r: Relationship): string {
  const card = r.kind === 'm2o' ? 'many-to-one' : r.kind === 'o2m' ? 'one-to-many' : 'many-to-many';
  return `${r.from.name} -> ${r.to.name} (${card} via ${r.constraint})`;
}

/**
 * Finds the relationship an embed means, by PostgREST's rules: the target is a relation name, a
 * foreign-key constraint name or the origin's foreign-key column (the last two only towards
 * tables); a `!hint` narrows by constraint, column or junction. None is a 400, several a 300.
 */
export function resolveEmbed(ctx: SqlContext, origin: Relation, embed: EmbedItem): Relationship {
  const all = ctx.catalog.relationships.get(origin.name) ?? [];
  let candidates: Relationship[];
  if (embed.hint) {
    const hint = embed.hint;
    candidates = all.filter(
      (r) =>
        r.to.name === embed.target &&
        (r.constraint === hint ||
          (r.fromColumns.length === 1 && r.fromColumns[0] === hint) ||
          (r.toColumns.length === 1 && r.toColumns[0] === hint) ||
          r.junction?.relation.name === hint),
    );
  } else {
    candidates = all.filter((r) => r.to.name === embed.target);
    if (candidates.length === 0) {
      candidates = all.filter(
        (r) =>
          r.to.kind === 'table' &&
          r.kind === 'm2o' &&
          (r.constraint === embed.target ||
            (r.fromColumns.length === 1 && r.fromColumns[0] === embed.target)),
      );
      // Several views may expose the same key; the column or constraint names the base table.
      const tables = candidates.filter((r) => r.to.kind === 'table');
      if (tables.length) candidates = tables;
    }
    // A table embedding itself by name means its children, not its parent.
    if (candidates.length > 1 && candidates.every((r) => r.to === origin)) {
      const children = candidates.filter((r) => r.kind === 'o2m');
      if (children.length) candidates = children;
    }
  }
  if (candidates.length === 0) {
    throw new PgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin.name}' and '${embed.target}' in the schema cache`,
      embed.hint
        ? `Searched for a foreign key relationship between '${origin.name}' and '${embed.target}' using the hint '${embed.hint}'`
        : null,
      'Check the embed name: use a related table or view, a foreign-key column, or target!constraint',
    );
  }
  if (candidates.length > 1) {
    throw new PgrstError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${origin.name}' and '${embed.target}'`,
      candidates.map(describe).join('; '),
      `Try changing '${embed.target}' to one of: ${candidates.map((r) => `'${r.to.name}!${r.constraint}'`).join(', ')}`,
    );
  }
  return candidates[0] as Relationship;
}
