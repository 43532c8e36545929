/** The settings pages' generic resource lists (spec 001 "Settings resources (generic)", §7, §9). */

/** One page of a server-paged list, and how many rows there are in all. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

/** The generic list limit (spec 001 §9). */
export const LIST_PAGE_SIZE = 100;

/** Every column, and who created the row (spec 001 §7 "Generic resources"). */
export const LIST_SELECT = '*,created_by(id,name,avatar)';

export function errorText(error: unknown): string {
  return (error instanceof Error && error.message) || 'An error occurred';
}
