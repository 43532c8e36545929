import type { Principal } from './identity.js';

/**
 * Resolved principals by credential for a short time, so a burst of API calls costs one
 * identity query instead of one per call. Entries live TTL_MS at most; anything that changes
 * who someone is or what they may do (sign-out, revocation, roles, permissions) clears them at
 * once on this replica, and other replicas catch up within the TTL.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { principal: Principal; expires: number }>();

  constructor(
    private readonly ttlMs = 2000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Principal | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.principal;
  }

  set(key: string, principal: Principal): void {
    if (this.entries.size >= this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { principal, expires: this.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
