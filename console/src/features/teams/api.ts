import useSWR from 'swr';
import { db } from '../../api/db';

/**
 * Teams' members and channels through /api/db (spec 001 §7 "Teams"): team_members rows are the
 * membership, people are who can be added, connections_list (no secrets) what a channel names.
 */

export interface Person {
  id: string;
  name: string | null;
  email: string | null;
  avatar: string | null;
}

export interface MemberRow {
  team_id: string;
  person_id: Person;
}

/** GET /team_members?team_id=eq.{id}&select=*,person_id(…): the key person_id becomes the person. */
export async function fetchMembers(teamId: string): Promise<Person[]> {
  const { data } = await db
    .from('team_members')
    .select('team_id,person_id(id,name,email,avatar)')
    .eq('team_id', teamId)
    .throwOnError()
    .overrideTypes<MemberRow[], { merge: false }>();
  return data.map((m) => m.person_id).sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
}

export function useMembers(teamId: string) {
  const { data, error, isLoading, mutate } = useSWR(['teams/members', teamId] as const, ([, id]) =>
    fetchMembers(id),
  );
  return { members: data, error: error as Error | undefined, isLoading, mutate };
}

/** POST /team_members with an array of {team_id, person_id}. */
export async function addMembers(teamId: string, personIds: readonly string[]): Promise<void> {
  await db
    .from('team_members')
    .insert(personIds.map((person_id) => ({ team_id: teamId, person_id })))
    .throwOnError();
}

/**
 * DELETE /team_members?team_id=eq.{team}&person_id=eq.{person}. Spec 001 §7 deletes by
 * person_id alone, which takes the person out of every team; this takes them out of this one.
 */
export async function removeMember(teamId: string, personId: string): Promise<void> {
  await db
    .from('team_members')
    .delete()
    .eq('team_id', teamId)
    .eq('person_id', personId)
    .throwOnError();
}

/** Everyone who can sign in (people with an e-mail), for the Add Members dialog. */
export async function fetchUsers(): Promise<Person[]> {
  const { data } = await db
    .from('people')
    .select('id,name,email,avatar')
    .is('deleted_at', null)
    .not('email', 'is', null)
    .order('name', { ascending: true })
    .throwOnError()
    .overrideTypes<Person[], { merge: false }>();
  return data;
}

export function useUsers(enabled: boolean) {
  const { data, error, isLoading } = useSWR(enabled ? 'teams/users' : null, fetchUsers);
  return { users: data, error: error as Error | undefined, isLoading };
}

export interface ConnectionOption {
  id: string;
  name: string;
  namespace: string | null;
  type: string | null;
}

/** The connections a channel can name (GET /connections_list; no secrets in it). */
export async function fetchConnections(): Promise<ConnectionOption[]> {
  const { data } = await db
    .from('connections_list')
    .select('id,name,namespace,type')
    .order('name', { ascending: true })
    .throwOnError()
    .overrideTypes<ConnectionOption[], { merge: false }>();
  return data;
}

/** Undefined while loading or when the user may not read connections (then a text field). */
export function useConnections() {
  const { data } = useSWR('teams/connections', fetchConnections, { shouldRetryOnError: false });
  return data;
}
