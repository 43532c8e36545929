/** Playbooks without a category are listed last, under this heading. */
export const UNCATEGORIZED = 'Uncategorized';

export interface CategoryGroup<Row> {
  category: string;
  rows: Row[];
}

/** The playbooks by category, categories in alphabetical order and the uncategorized last. */
export function groupByCategory<Row extends { category?: string | null }>(
  rows: readonly Row[],
): CategoryGroup<Row>[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const category = row.category?.trim() || UNCATEGORIZED;
    groups.set(category, [...(groups.get(category) ?? []), row]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) =>
      a === UNCATEGORIZED
        ? 1
        : b === UNCATEGORIZED
          ? -1
          : a.localeCompare(b, undefined, { sensitivity: 'base' }),
    )
    .map(([category, list]) => ({ category, rows: list }));
}
