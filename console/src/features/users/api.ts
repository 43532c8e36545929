import useSWR from 'swr';
import { request } from '../../api/fetcher';
import { db } from '../../api/db';
import type { UserFormValues } from './userForm';

/** A row of /api/db/identities (docs/api/auth.md). */
interface Identity {
  id: string;
  traits: { name?: { first?: string; last?: string }; email?: string };
  state: string;
  created_at: string;
}

export interface UserRow {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  roles: string[];
  state: string;
  created_at: string;
}

export async function fetchUsers(): Promise<UserRow[]> {
  const { data: identities } = await db
    .from('identities')
    .select('id,traits,state,created_at')
    .order('created_at', { ascending: false })
    .throwOnError()
    .overrideTypes<Identity[], { merge: false }>();
  const ids = identities.map((i) => i.id);
  const roles = new Map<string, string[]>();
  if (ids.length > 0) {
    const { data } = await db
      .from('people_roles')
      .select('id,roles')
      .in('id', ids)
      .throwOnError()
      .overrideTypes<{ id: string; roles: string[] | null }[], { merge: false }>();
    for (const row of data) roles.set(row.id, row.roles ?? []);
  }
  return identities.map((i) => {
    const firstName = i.traits.name?.first ?? '';
    const lastName = i.traits.name?.last ?? '';
    return {
      id: i.id,
      firstName,
      lastName,
      name: `${firstName} ${lastName}`.trim(),
      email: i.traits.email ?? '',
      roles: roles.get(i.id) ?? [],
      state: i.state,
      created_at: i.created_at,
    };
  });
}

export function useUsers() {
  const { data, error, isLoading, isValidating, mutate } = useSWR('settings/users', fetchUsers);
  return { users: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

export async function inviteUser(values: UserFormValues): Promise<string> {
  const { firstName, lastName, email, role } = values;
  const answer = await request<{ link: string }>('/api/auth/invite_user', {
    method: 'POST',
    body: { firstName, lastName, email, role },
  });
  return answer.link;
}

/** Saves a user and answers the name to announce ("{name} updated successfully"). */
export async function updateUser(id: string, values: UserFormValues): Promise<string> {
  const { firstName, lastName, email, role, active } = values;
  const answer = await request<{ email: string; name?: { first?: string; last?: string } }>(
    '/api/people/update',
    { method: 'POST', body: { id, firstName, lastName, email, role, active } },
  );
  const name = `${answer?.name?.first ?? firstName} ${answer?.name?.last ?? lastName}`;
  return name.trim();
}

export async function deleteUser(id: string): Promise<void> {
  await request(`/api/people/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function recoveryLink(id: string): Promise<string> {
  const answer = await request<{ link: string }>(
    `/api/auth/${encodeURIComponent(id)}/recovery_link`,
    { method: 'POST' },
  );
  return answer.link;
}

export function errorText(error: unknown): string {
  return (error instanceof Error && error.message) || 'An error occurred';
}
