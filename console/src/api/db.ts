import { PostgrestClient } from '@supabase/postgrest-js';
import { signInPath } from './fetcher';

/**
 * The console's one query builder for /api/db. postgrest-js encodes every value it is given, so
 * no filter string is ever assembled by hand. A lost session sends the user to sign in.
 */
const sessionFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, { ...init, credentials: 'same-origin' });
  if (response.status === 401 && window.location.pathname !== '/login') {
    window.location.assign(
      signInPath(`${window.location.pathname}${window.location.search}${window.location.hash}`),
    );
  }
  return response;
};

// postgrest-js builds absolute URLs, so it needs the console's origin.
export const db = new PostgrestClient(`${window.location.origin}/api/db`, { fetch: sessionFetch });
