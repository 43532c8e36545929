import useSWR from 'swr';
import { db } from '../../api/db';
import { pageOffset } from '../../lib/pagination';
import type { EvidenceAttachment } from './evidence';
import {
  ALL,
  type HypothesisRow,
  type IncidentOption,
  type IncidentRow,
  type IncidentSummaryRow,
} from './model';
import type { IncidentListState } from './urlState';

/** How many matches a picker offers at once. */
export const PICKER_LIMIT = 20;

/** A value inside `or=(…)`, double-quoted so commas, dots and parentheses stay literal. */
function quoted(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * The incident text search (spec 000 §7 'a text search'): the title, or the display id so that
 * typing INC-12 finds it. Undefined when there is nothing to search for.
 */
export function incidentSearchFilter(text: string): string | undefined {
  const term = text.trim();
  if (!term) return undefined;
  const pattern = quoted(`*${term}*`);
  return `title.ilike.${pattern},incident_id.ilike.${pattern}`;
}

/** Server-side order of each sortable column. Age ascending is the youngest first. */
function orderOf(sort: IncidentListState['sort']): { column: string; ascending: boolean } {
  const asc = sort.direction === 'asc';
  switch (sort.columnId) {
    case 'id':
      // Display ids count up with creation; as text INC-10 would sort before INC-9.
      return { column: 'created_at', ascending: asc };
    case 'type':
      return { column: 'type', ascending: asc };
    case 'status':
      return { column: 'status', ascending: asc };
    case 'severity':
      // By rank (low … critical), which the view computes; the text would sort alphabetically.
      return { column: 'severity_rank', ascending: asc };
    case 'name':
      return { column: 'title', ascending: asc };
    default:
      return { column: 'created_at', ascending: !asc };
  }
}

/**
 * Incidents reachable through evidence on a component (spec 000 §7 incidents_by_component).
 * The list view cannot filter on `hypotheses.evidences.component_id` itself: it has no such
 * embed, so the component narrows the list by id instead.
 */
async function incidentIdsOfComponent(componentId: string): Promise<string[]> {
  const { data } = await db
    .from('incidents_by_component')
    .select('id')
    .eq('component_id', componentId)
    .throwOnError()
    .overrideTypes<{ id: string }[], { merge: false }>();
  return [...new Set(data.map((row) => row.id))];
}

export interface IncidentPage {
  rows: IncidentSummaryRow[];
  total: number;
  /** When the answer arrived: what the Age column counts from. */
  loadedAt: number;
}

/** PostgREST's 416 for an offset past the last row. */
const RANGE_NOT_SATISFIABLE = 'PGRST103';

/** One page of /api/db/incident_summary with the list's filters (spec 000 §7). */
export async function fetchIncidentPage(state: IncidentListState): Promise<IncidentPage> {
  let ids: string[] | undefined;
  if (state.component !== ALL) {
    ids = await incidentIdsOfComponent(state.component);
    if (ids.length === 0) return { rows: [], total: 0, loadedAt: Date.now() };
  }
  let query = db
    .from('incident_summary')
    .select(
      'id,incident_id,title,severity,type,status,created_at,updated_at,created_by,commander,responders',
      {
        count: 'exact',
      },
    );
  if (ids) query = query.in('id', ids);
  if (state.type !== ALL) query = query.eq('type', state.type);
  if (state.severity !== ALL) query = query.eq('severity', state.severity);
  if (state.status !== ALL) query = query.eq('status', state.status);
  if (state.owner !== ALL) query = query.eq('created_by', state.owner);
  const search = incidentSearchFilter(state.search);
  if (search) query = query.or(search);
  const { column, ascending } = orderOf(state.sort);
  let ordered = query.order(column, { ascending });
  if (column !== 'created_at') ordered = ordered.order('created_at', { ascending: false });
  const from = pageOffset(state.page, state.pageSize);
  const { data, count, error } = await ordered
    .range(from, from + state.pageSize - 1)
    .overrideTypes<IncidentSummaryRow[], { merge: false }>();
  // A page past the end (the list shrank, or an old link): show the first page instead; the
  // page then moves the URL to a page that exists.
  if (error?.code === RANGE_NOT_SATISFIABLE && state.page > 1) {
    return fetchIncidentPage({ ...state, page: 1 });
  }
  if (error) throw error;
  return { rows: data, total: count ?? data.length, loadedAt: Date.now() };
}

export function useIncidentPage(state: IncidentListState) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['incidents/list', JSON.stringify(state)] as const,
    () => fetchIncidentPage(state),
    // Keep the rows on screen while the next page or filter loads.
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

export interface PickerOption {
  id: string;
  label: string;
  description?: string;
  avatar?: string | null;
}

interface NamedRow {
  id: string;
  name: string | null;
  avatar?: string | null;
  email?: string | null;
  type?: string | null;
}

/** People by name, for the Owner filter and the commander / communicator fields. */
export async function searchPeople(text: string): Promise<PickerOption[]> {
  let query = db.from('people').select('id,name,avatar,email').is('deleted_at', null);
  const term = text.trim();
  if (term) query = query.ilike('name', `*${term}*`);
  const { data } = await query
    .order('name', { ascending: true })
    .limit(PICKER_LIMIT)
    .throwOnError()
    .overrideTypes<NamedRow[], { merge: false }>();
  return data.map((p) => ({
    id: p.id,
    label: p.name || p.email || p.id,
    description: p.email ?? undefined,
    avatar: p.avatar,
  }));
}

/** GET /people?id=eq.{id}: the name of an owner chosen earlier (e.g. from the URL). */
export async function personById(id: string): Promise<PickerOption | undefined> {
  const { data } = await db
    .from('people')
    .select('id,name,avatar,email')
    .eq('id', id)
    .throwOnError()
    .overrideTypes<NamedRow[], { merge: false }>();
  const p = data[0];
  return p && { id: p.id, label: p.name || p.email || p.id, avatar: p.avatar };
}

/** Topology components by name, for the Component filter. */
export async function searchComponents(text: string): Promise<PickerOption[]> {
  let query = db.from('component_names').select('id,name,type');
  const term = text.trim();
  if (term) query = query.ilike('name', `*${term}*`);
  const { data } = await query
    .order('name', { ascending: true })
    .limit(PICKER_LIMIT)
    .throwOnError()
    .overrideTypes<NamedRow[], { merge: false }>();
  return data.map((c) => ({ id: c.id, label: c.name || c.id, description: c.type ?? undefined }));
}

/** A component chosen earlier (a link from another area), deleted ones included. */
export async function componentById(id: string): Promise<PickerOption | undefined> {
  const { data } = await db
    .from('component_names_all')
    .select('id,name,type')
    .eq('id', id)
    .throwOnError()
    .overrideTypes<NamedRow[], { merge: false }>();
  const c = data[0];
  return c && { id: c.id, label: c.name || c.id, description: c.type ?? undefined };
}

export interface NewIncident {
  title: string;
  description: string;
  type: string;
  severity: string;
  status: string;
  commander_id?: string | null;
  communicator_id?: string | null;
}

/** POST /incidents with `Prefer: return=representation` (spec 000 §7); answers the new row. */
export async function createIncident(incident: NewIncident, userId: string): Promise<IncidentRow> {
  const { data } = await db
    .from('incidents')
    .insert({
      title: incident.title,
      description: incident.description,
      severity: incident.severity,
      type: incident.type,
      status: incident.status,
      created_by: userId,
      commander_id: incident.commander_id ?? null,
      communicator_id: incident.communicator_id ?? null,
    })
    .select()
    .throwOnError()
    .overrideTypes<IncidentRow[], { merge: false }>();
  const row = data[0];
  if (!row) throw new Error('The server did not return the new incident');
  return row;
}

export interface NewHypothesis {
  incident_id: string;
  title: string;
  type: string;
  status: string;
  parent_id?: string | null;
}

/** POST /hypotheses (spec 000 §7). */
export async function createHypothesis(
  hypothesis: NewHypothesis,
  userId: string,
): Promise<HypothesisRow> {
  const { data } = await db
    .from('hypotheses')
    .insert({
      created_by: userId,
      incident_id: hypothesis.incident_id,
      parent_id: hypothesis.parent_id ?? null,
      type: hypothesis.type,
      title: hypothesis.title,
      status: hypothesis.status,
    })
    .select()
    .throwOnError()
    .overrideTypes<HypothesisRow[], { merge: false }>();
  const row = data[0];
  if (!row) throw new Error('The server did not return the new hypothesis');
  return row;
}

/** POST /evidences (spec 000 §7); keys the attachment leaves out are not sent. */
export async function createEvidence(
  attachment: EvidenceAttachment,
  hypothesisId: string,
  description: string,
  userId: string,
): Promise<void> {
  const body: Record<string, unknown> = {
    created_by: userId,
    hypothesis_id: hypothesisId,
    type: attachment.type,
    description,
  };
  for (const key of [
    'evidence',
    'config_id',
    'config_analysis_id',
    'config_change_id',
    'component_id',
    'check_id',
    'properties',
  ] as const) {
    if (attachment[key] !== undefined) body[key] = attachment[key];
  }
  await db.from('evidences').insert(body).select('id').throwOnError();
}

/** Incidents for the Link to Incident dialog: newest first, by title or display id. */
export async function searchIncidents(text: string): Promise<IncidentOption[]> {
  let query = db
    .from('incidents')
    .select('id,incident_id,title,severity,status,type,hypotheses(id,title,type)');
  const search = incidentSearchFilter(text);
  if (search) query = query.or(search);
  const { data } = await query
    .order('created_at', { ascending: false })
    .limit(PICKER_LIMIT)
    .throwOnError()
    .overrideTypes<IncidentOption[], { merge: false }>();
  return data;
}

/** GET /hypotheses?incident_id=eq.{id}&title=ilike.*text* (spec 000 §7). */
export async function searchHypotheses(incidentId: string, text: string): Promise<HypothesisRow[]> {
  let query = db.from('hypotheses').select('id,title,type,status').eq('incident_id', incidentId);
  const term = text.trim();
  if (term) query = query.ilike('title', `*${term}*`);
  const { data } = await query
    .order('created_at', { ascending: true })
    .limit(PICKER_LIMIT)
    .throwOnError()
    .overrideTypes<HypothesisRow[], { merge: false }>();
  return data;
}
