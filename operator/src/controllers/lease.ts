/**
 * Kubernetes Lease leader election, decided by a pure function so the rules are testable: a
 * replica takes a lease that is absent, expired or its own, and otherwise waits.
 */
export interface LeaseState {
  holderIdentity?: string;
  renewTime?: string;
  leaseDurationSeconds?: number;
}

export type LeaseDecision = { action: 'acquire' | 'renew' } | { action: 'wait'; holder: string };

export function decide(
  lease: LeaseState | undefined,
  identity: string,
  now: number,
): LeaseDecision {
  if (!lease?.holderIdentity) return { action: 'acquire' };
  if (lease.holderIdentity === identity) return { action: 'renew' };
  const renewed = lease.renewTime ? Date.parse(lease.renewTime) : 0;
  const expires = renewed + (lease.leaseDurationSeconds ?? 15) * 1000;
  return now > expires ? { action: 'acquire' } : { action: 'wait', holder: lease.holderIdentity };
}
