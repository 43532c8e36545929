import useSWR from 'swr';
import { swrFetcher } from '../../api/fetcher';

/** GET /api/auth/profile (docs/api/auth.md). */
export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  totp: { enabled: boolean };
  recoveryCodesRemaining: number;
}

/** PATCH /api/auth/profile answers the profile, plus a link when the e-mail changed. */
export interface ProfileUpdate extends Profile {
  verificationLink?: string;
}

export interface ApiToken {
  id: string;
  name: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

export interface CreatedToken {
  id: string;
  name: string;
  token: string;
  expires_at: string | null;
}

export const PROFILE_PATH = '/api/auth/profile';
export const TOKENS_PATH = '/api/auth/tokens';

export function useProfile() {
  const { data, error, isLoading, mutate } = useSWR<Profile>(PROFILE_PATH, swrFetcher);
  return { profile: data, error: error as Error | undefined, isLoading, mutate };
}

export function useTokens() {
  const { data, error, isLoading, mutate } = useSWR<ApiToken[]>(TOKENS_PATH, swrFetcher);
  return { tokens: data, error: error as Error | undefined, isLoading, mutate };
}

export function errorText(error: unknown): string {
  return (error instanceof Error && error.message) || 'An error occurred';
}
