import useSWR from 'swr';
import { db } from '../../api/db';
import type {
  Evidence,
  Hypothesis,
  Incident,
  IncidentHistory,
  PersonRef,
  Responder,
  Team,
} from './model';

/**
 * Every read and write of the incident detail, through /api/db (spec 000 §7). The writes answer
 * nothing: the page revalidates what it shows afterwards.
 */

const AV = 'id,name,avatar';

/** Links of an evidence, embedded by table name (as the Changelog's select). */
const EVIDENCE_EMBEDS = [
  'components(id,name,icon,status)',
  'configs(id,name,type)',
  'checks(id,name,icon,status)',
  'config_analysis(id,analyzer,message,status)',
  'config_changes(id,change_type,summary)',
].join(',');

const COMMENT_FIELDS = `id,comment,created_at,external_created_by,hypothesis_id,created_by(${AV}),responder_id(team_id(id,name,icon))`;

export const INCIDENT_SELECT = [
  '*',
  `hypotheses(*,created_by(${AV}),evidences(*,created_by(${AV}),${EVIDENCE_EMBEDS}),comments(${COMMENT_FIELDS}))`,
  `commander:commander_id(${AV})`,
  `communicator:communicator_id(${AV})`,
  // Every comment of the incident; those on no hypothesis are the incident's own.
  `comments(${COMMENT_FIELDS})`,
].join(',');

export const RESPONDER_SELECT =
  '*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)';

export const HISTORY_SELECT = [
  '*',
  'evidence:evidences(id,description,type,components(id,name,icon),configs(id,name),config_changes(id,change_type),config_analysis(id,analyzer,message,analysis),checks(id,icon,name))',
  'hypothesis:hypotheses(id,title)',
  'responder:responders(id,person:person_id(id,name,avatar),team:team_id(id,name,icon))',
  'comment:comments(id,comment)',
  `created_by(${AV})`,
].join(',');

/** A malformed id is PostgREST's 400 22P02: for the page, that incident does not exist. */
const isBadId = (e: unknown) => (e as { code?: string } | null)?.code === '22P02';

export async function fetchIncident(id: string): Promise<Incident | null> {
  try {
    const { data } = await db
      .from('incidents')
      .select(INCIDENT_SELECT)
      .eq('id', id)
      .throwOnError()
      .overrideTypes<Incident[], { merge: false }>();
    const incident = data[0];
    return incident ? { ...incident, hypotheses: incident.hypotheses ?? [] } : null;
  } catch (e) {
    if (isBadId(e)) return null;
    throw e;
  }
}

export const incidentKey = (id: string) => ['incident-detail', id] as const;
export const respondersKey = (id: string) => ['incident-detail/responders', id] as const;
export const historyKey = (id: string) => ['incident-detail/history', id] as const;

export function useIncident(id: string) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(incidentKey(id), ([, i]) =>
    fetchIncident(i),
  );
  return { incident: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/**
 * PATCH /incidents?id=eq.{id} {status}. An update without an incident id logs 'No id' and does
 * nothing (§4.1); answers whether a request was made.
 */
export async function updateIncidentStatus(id: string | undefined, status: string) {
  if (!id) {
    console.log('No id');
    return false;
  }
  await db.from('incidents').update({ status }).eq('id', id).throwOnError();
  return true;
}

export async function updateIncidentDetails(
  id: string,
  fields: { severity: string; type: string },
) {
  await db.from('incidents').update(fields).eq('id', id).throwOnError();
}

// ---------------------------------------------------------------------------------------------
// Hypotheses

export interface NewHypothesis {
  incident_id: string;
  parent_id: string | null;
  type: string;
  title: string;
  status: string;
}

export async function createHypothesis(h: NewHypothesis, userId: string): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .from('hypotheses')
    .insert({
      id,
      created_by: userId,
      incident_id: h.incident_id,
      parent_id: h.parent_id,
      type: h.type,
      title: h.title,
      status: h.status,
    })
    .throwOnError();
  return id;
}

export async function updateHypothesis(id: string, fields: { status: string } | { title: string }) {
  await db.from('hypotheses').update(fields).eq('id', id).throwOnError();
}

/**
 * Deletes hypotheses: their comments and evidences first, by hypothesis_id, then the hypotheses
 * (§4.2, §7). `ids` already holds the descendants to go with them.
 */
export async function deleteHypotheses(ids: readonly string[]) {
  if (ids.length === 0) return;
  const [only] = ids;
  for (const table of ['comments', 'evidences'] as const) {
    const q = db.from(table).delete();
    await (
      ids.length === 1 && only ? q.eq('hypothesis_id', only) : q.in('hypothesis_id', [...ids])
    ).throwOnError();
  }
  const q = db.from('hypotheses').delete();
  await (ids.length === 1 && only ? q.eq('id', only) : q.in('id', [...ids])).throwOnError();
}

// ---------------------------------------------------------------------------------------------
// Evidence and comments

export interface NewEvidence {
  hypothesis_id: string;
  type: string;
  description: string;
  evidence?: Record<string, unknown>;
  definition_of_done?: boolean;
  config_id?: string;
  config_analysis_id?: string;
  config_change_id?: string;
  component_id?: string;
  check_id?: string;
  properties?: Record<string, unknown>;
  script?: string;
}

export async function createEvidence(e: NewEvidence, userId: string): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .from('evidences')
    .insert({ id, created_by: userId, definition_of_done: false, ...e })
    .throwOnError();
  return id;
}

export type EvidencePatch = Partial<
  Pick<Evidence, 'definition_of_done' | 'script' | 'done' | 'description' | 'evidence'>
>;

export async function updateEvidence(id: string, patch: EvidencePatch) {
  await db.from('evidences').update(patch).eq('id', id).throwOnError();
}

export async function deleteEvidence(id: string) {
  await db.from('evidences').delete().eq('id', id).throwOnError();
}

/** The incident's evidences read fresh (GET /hypotheses?incident_id=eq.{id} with evidences). */
export async function fetchIncidentEvidences(incidentId: string): Promise<Evidence[]> {
  const { data } = await db
    .from('hypotheses')
    .select(`id,evidences(*,${EVIDENCE_EMBEDS})`)
    .eq('incident_id', incidentId)
    .throwOnError()
    .overrideTypes<Pick<Hypothesis, 'id' | 'evidences'>[], { merge: false }>();
  return data.flatMap((h) => h.evidences ?? []);
}

export async function createComment(
  c: { incident_id: string; hypothesis_id: string | null; comment: string },
  userId: string,
) {
  await db
    .from('comments')
    .insert({
      created_by: userId,
      incident_id: c.incident_id,
      hypothesis_id: c.hypothesis_id,
      comment: c.comment,
    })
    .throwOnError();
}

// ---------------------------------------------------------------------------------------------
// Responders

export async function fetchResponders(incidentId: string): Promise<Responder[]> {
  const { data } = await db
    .from('responders')
    .select(RESPONDER_SELECT)
    .eq('incident_id', incidentId)
    .is('deleted_at', null)
    .throwOnError()
    .overrideTypes<Responder[], { merge: false }>();
  return data;
}

export function useResponders(incidentId: string) {
  const { data, error, isLoading, mutate } = useSWR(respondersKey(incidentId), ([, i]) =>
    fetchResponders(i),
  );
  return { responders: data, error: error as Error | undefined, isLoading, mutate };
}

export interface NewResponder {
  type: 'person' | 'system';
  incident_id: string;
  team_id: string | null;
  person_id: string | null;
  properties: Record<string, unknown> & { responderType: string };
}

export async function createResponder(r: NewResponder, userId: string) {
  await db
    .from('responders')
    .insert({
      type: r.type,
      incident_id: r.incident_id,
      created_by: userId,
      team_id: r.team_id,
      person_id: r.person_id,
      properties: r.properties,
    })
    .select('*')
    .throwOnError();
}

/** Soft delete: deleted_at is set to the server's now (§4.3). */
export async function removeResponder(id: string) {
  await db.from('responders').update({ deleted_at: 'now()' }).eq('id', id).throwOnError();
}

// ---------------------------------------------------------------------------------------------
// Changelog, people, teams, integration instances

export async function fetchHistory(incidentId: string): Promise<IncidentHistory[]> {
  const { data } = await db
    .from('incident_histories')
    .select(HISTORY_SELECT)
    .eq('incident_id', incidentId)
    .order('created_at', { ascending: false })
    .throwOnError()
    .overrideTypes<IncidentHistory[], { merge: false }>();
  return data;
}

export function useHistory(incidentId: string) {
  const { data, error, isLoading, mutate } = useSWR(historyKey(incidentId), ([, i]) =>
    fetchHistory(i),
  );
  return { history: data, error: error as Error | undefined, isLoading, mutate };
}

export async function fetchPeople(): Promise<PersonRef[]> {
  const { data } = await db
    .from('people')
    .select('*')
    .order('name', { ascending: true })
    .throwOnError()
    .overrideTypes<(PersonRef & { deleted_at?: string | null })[], { merge: false }>();
  return data.filter((p) => !p.deleted_at);
}

/** The people list: mentions and person responders (cached like the app's other lookups). */
export function usePeople() {
  const { data, error } = useSWR('incident-detail/people', fetchPeople, {
    dedupingInterval: 5 * 60_000,
    revalidateOnFocus: false,
  });
  return { people: data, error: error as Error | undefined };
}

export async function fetchTeams(): Promise<Team[]> {
  const { data } = await db
    .from('teams')
    .select('id,name,icon,spec')
    .is('deleted_at', null)
    .order('name', { ascending: true })
    .throwOnError()
    .overrideTypes<Team[], { merge: false }>();
  return data;
}

export function useTeams(enabled: boolean) {
  const { data, error } = useSWR(enabled ? 'incident-detail/teams' : null, fetchTeams);
  return { teams: data, error: error as Error | undefined };
}

/** A Jira or Microsoft Planner instance: a catalog item whose config lists what can be picked. */
export interface IntegrationInstance {
  id: string;
  name: string | null;
  external_id?: string[] | string | null;
  config?: Record<string, unknown> | null;
}

/** The catalog type each responder kind's instances are scraped as. */
export const INSTANCE_TYPES: Record<'jira' | 'ms_planner', string> = {
  jira: 'jira',
  ms_planner: 'ms_planner',
};

export async function fetchInstances(kind: 'jira' | 'ms_planner'): Promise<IntegrationInstance[]> {
  const { data } = await db
    .from('config_items')
    .select('id,name,external_id,config')
    .ilike('type', INSTANCE_TYPES[kind])
    .is('deleted_at', null)
    .order('name', { ascending: true })
    .throwOnError()
    .overrideTypes<IntegrationInstance[], { merge: false }>();
  return data;
}

export function useInstances(kind: 'jira' | 'ms_planner' | undefined) {
  const { data, error, isLoading } = useSWR(
    kind ? ['incident-detail/instances', kind] : null,
    ([, k]) => fetchInstances(k),
    { shouldRetryOnError: false },
  );
  return { instances: data, error: error as Error | undefined, isLoading };
}

/** What a failed call says: the server's message (PostgREST's, or the plain-text 403). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'An error occurred';
}

/** PostgREST's details and hint, shown under the message when the server gives them. */
export function errorDetails(error: unknown): string | undefined {
  const e = error as { details?: unknown; hint?: unknown } | null;
  const parts = [e?.details, e?.hint].filter((p): p is string => typeof p === 'string' && !!p);
  return parts.length > 0 ? parts.join(' ') : undefined;
}
