import useSWR from 'swr';
import { swrFetcher } from './fetcher';

export interface Grant {
  object: string;
  action: 'read' | 'write';
}

export interface Whoami {
  user: { id: string; name: string; email: string | null; avatar: string | null };
  roles: string[];
  permissions: Grant[];
  hostname: string;
}

export interface Property {
  name: string;
  value: string;
}

/** Roles are never cached (spec 000 §6): revalidate on every mount and focus. */
export function useWhoami() {
  const { data, error, isLoading, mutate } = useSWR<{ payload: Whoami }>(
    '/api/auth/whoami',
    swrFetcher,
    {
      revalidateOnFocus: true,
      dedupingInterval: 0,
    },
  );
  return { whoami: data?.payload, error: error as Error | undefined, isLoading, mutate };
}

export function useProperties() {
  const { data, error, isLoading } = useSWR<Property[]>('/api/properties', swrFetcher);
  return { properties: data, error: error as Error | undefined, isLoading };
}

export function useBackendVersion(): string | undefined {
  const { data } = useSWR<{ Version: string }>('/api/about', swrFetcher, {
    shouldRetryOnError: false,
  });
  return data?.Version;
}
