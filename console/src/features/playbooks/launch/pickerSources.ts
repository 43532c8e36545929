import { db } from '../../../api/db';

/**
 * Where the resource pickers of the launch form search (/api/db, through the one query builder):
 * config items, components, checks, people and teams, by name.
 */
export type PickerKind = 'config' | 'component' | 'check' | 'people' | 'team';

export interface PickerOption {
  id: string;
  label: string;
  description?: string;
}

interface Row {
  id: string;
  name: string | null;
  type?: string | null;
  email?: string | null;
}

const SOURCES: Record<PickerKind, { table: string; select: string; detail?: keyof Row }> = {
  config: { table: 'config_items', select: 'id,name,type', detail: 'type' },
  component: { table: 'components', select: 'id,name,type', detail: 'type' },
  check: { table: 'checks', select: 'id,name,type', detail: 'type' },
  people: { table: 'people', select: 'id,name,email', detail: 'email' },
  team: { table: 'teams', select: 'id,name' },
};

/** Spec 001 §9 gives no size; a picker shows the first 20 matches. */
export const PICKER_LIMIT = 20;

function optionOf(kind: PickerKind, row: Row): PickerOption {
  const detail = SOURCES[kind].detail;
  const description = detail ? row[detail] : undefined;
  return { id: row.id, label: row.name || row.id, description: description ?? undefined };
}

/**
 * The types a parameter's `filter` (resource selectors) allows, when every selector names some;
 * the other selector fields are left to the server, which checks what is run.
 */
export function filterTypes(filter: unknown): string[] | undefined {
  const selectors = Array.isArray(filter) ? filter : filter ? [filter] : [];
  if (selectors.length === 0) return undefined;
  const types: string[] = [];
  for (const s of selectors) {
    const listed = (s as { types?: unknown } | null)?.types;
    if (!Array.isArray(listed) || listed.length === 0) return undefined;
    types.push(...listed.filter((t): t is string => typeof t === 'string'));
  }
  return types.length > 0 ? [...new Set(types)] : undefined;
}

export async function searchOptions(
  kind: PickerKind,
  text: string,
  filter?: unknown,
): Promise<PickerOption[]> {
  const source = SOURCES[kind];
  let query = db
    .from(source.table)
    .select(source.select)
    .is('deleted_at', null)
    .ilike('name', `%${text.trim()}%`);
  const types = kind === 'people' || kind === 'team' ? undefined : filterTypes(filter);
  if (types) query = query.in('type', types);
  const { data } = await query
    .order('name')
    .limit(PICKER_LIMIT)
    .throwOnError()
    .overrideTypes<Row[], { merge: false }>();
  return data.map((row) => optionOf(kind, row));
}

/** The names behind chosen ids (a templated default holds an id). */
export async function lookupOptions(kind: PickerKind, ids: string[]): Promise<PickerOption[]> {
  if (ids.length === 0) return [];
  const source = SOURCES[kind];
  const { data } = await db
    .from(source.table)
    .select(source.select)
    .in('id', ids)
    .throwOnError()
    .overrideTypes<Row[], { merge: false }>();
  return data.map((row) => optionOf(kind, row));
}
