import useSWR from 'swr';
import { db } from '../../api/db';
import { ApiError, request } from '../../api/fetcher';
import { PERMISSION_SELECT } from '../permissions/api';
import type { PermissionRow } from '../permissions/model';
import type { ConnectionRow } from './model';

/**
 * Connections through the generic resource API (spec 002 §7): the list and the edit form read
 * connection_details (secrets shown as '***' or their reference) and the plain columns of
 * connections; writes go to /api/db/connections; POST /api/connection/test/{id} tests one.
 */

const LIST_SELECT = '*,createdBy:created_by(id,name,avatar)';

export async function fetchConnections(): Promise<ConnectionRow[]> {
  const { data } = await db
    .from('connection_details')
    .select(LIST_SELECT)
    .order('name')
    .throwOnError()
    .overrideTypes<ConnectionRow[], { merge: false }>();
  return data;
}

export function useConnections() {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    'settings/connections',
    fetchConnections,
  );
  return { rows: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** One connection for the edit form: the details (masked secrets) and the plain username. */
export async function fetchConnection(id: string): Promise<ConnectionRow | undefined> {
  const [details, plain] = await Promise.all([
    db
      .from('connection_details')
      .select('*')
      .eq('id', id)
      .throwOnError()
      .overrideTypes<ConnectionRow[], { merge: false }>(),
    db
      .from('connections')
      .select('id,username,url')
      .eq('id', id)
      .throwOnError()
      .overrideTypes<Pick<ConnectionRow, 'id' | 'username' | 'url'>[], { merge: false }>(),
  ]);
  const row = details.data[0];
  if (!row) return undefined;
  return { ...row, username: plain.data[0]?.username ?? null };
}

export async function createConnection(row: Record<string, unknown>, userId: string) {
  await db
    .from('connections')
    .insert({ ...row, source: 'UI', created_by: userId })
    .throwOnError();
}

export async function updateConnection(id: string, row: Record<string, unknown>) {
  await db.from('connections').update(row).eq('id', id).throwOnError();
}

/** Soft delete, as every settings list does: references to it keep their row. */
export async function deleteConnection(id: string) {
  await db.from('connections').update({ deleted_at: 'now()' }).eq('id', id).throwOnError();
}

export type TestResult =
  { kind: 'success' } | { kind: 'error'; message: string } | { kind: 'unsupported' };

export const TEST_SUCCESS = 'Connection successful';
export const TEST_FAILED = 'Testing connection failed!';
export const TEST_UNSUPPORTED = 'We currently do not support testing this connection type';

/** The server's reason, pretty-printed when it is JSON. */
export function formatTestError(message: string | undefined): string {
  const text = message?.trim();
  if (!text) return TEST_FAILED;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return JSON.stringify(parsed, null, 2);
  } catch {
    // not JSON: shown as it is
  }
  return text;
}

export async function testConnection(id: string): Promise<TestResult> {
  try {
    await request(`/api/connection/test/${encodeURIComponent(id)}`, { method: 'POST' });
    return { kind: 'success' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 501) return { kind: 'unsupported' };
    if (error instanceof ApiError && error.status === 400) {
      const body = error.body as { message?: string; error?: string } | string | undefined;
      const reason =
        typeof body === 'string' ? body : (body?.message ?? (body?.error as string | undefined));
      return { kind: 'error', message: formatTestError(reason) };
    }
    return {
      kind: 'error',
      message: error instanceof ApiError && error.message ? error.message : TEST_FAILED,
    };
  }
}

/** Permissions whose object is this connection (the Edit dialog's Permissions tab). */
export function useConnectionPermissions(id: string | undefined) {
  const { data, error, isLoading } = useSWR(
    id ? ['settings/connections/permissions', id] : null,
    async ([, connectionId]) => {
      const { data: rows } = await db
        .from('permissions')
        .select(PERMISSION_SELECT)
        .eq('connection_id', connectionId)
        .order('created_at', { ascending: false })
        .throwOnError()
        .overrideTypes<PermissionRow[], { merge: false }>();
      return rows;
    },
  );
  return { rows: data, error: error as Error | undefined, isLoading };
}
