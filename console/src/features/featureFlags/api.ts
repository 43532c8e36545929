import useSWR from 'swr';
import { request, swrFetcher } from '../../api/fetcher';

/** One feature flag as /api/properties lists it (local ones first; see docs/operations.md). */
export interface FeatureFlag {
  name: string;
  value: string;
  /** 'local' flags come from the server's properties file and cannot be edited here. */
  source: 'local' | 'db';
  description: string;
  created_by: { id: string; name: string; avatar: string | null } | null;
  created_at: string | null;
  updated_at: string | null;
}

/** The key SessionProvider reads the flags under too: refreshing it applies a change at once. */
export const FLAGS_KEY = '/api/properties';

export function useFeatureFlags() {
  const { data, error, isLoading, isValidating, mutate } = useSWR<FeatureFlag[]>(
    FLAGS_KEY,
    swrFetcher,
  );
  return { flags: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

export async function addFlag(name: string, value: string): Promise<void> {
  await request('/api/properties', { method: 'POST', body: { name, value } });
}

export async function updateFlag(name: string, value: string): Promise<void> {
  await request(`/api/properties/${encodeURIComponent(name)}`, {
    method: 'PUT',
    body: { value },
  });
}

export async function removeFlag(name: string): Promise<void> {
  await request(`/api/properties/${encodeURIComponent(name)}`, { method: 'DELETE' });
}
