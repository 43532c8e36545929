import os from 'node:os';
import * as k8s from '@kubernetes/client-node';
import type { Logger } from 'pino';
import { decide } from './lease.js';

const LEASE_NAME = 'vigil-leader';

export interface LeaseTiming {
  /** How long a lease holds without renewal. */
  durationS: number;
  /** How often the holder renews (and followers look). */
  renewMs: number;
}
const TIMING: LeaseTiming = { durationS: 15, renewMs: 5000 };

export interface Election {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Cluster mode: a coordination.k8s.io Lease in the pod's namespace decides the leader. When the
 * API server has no Lease API (a forbidden or missing resource), `fallback` (the PostgreSQL
 * advisory lock) decides instead.
 */
export class LeaseElection implements Election {
  private readonly api: k8s.CoordinationV1Api;
  private readonly namespace = process.env.POD_NAMESPACE ?? 'default';
  private timer?: NodeJS.Timeout;
  private leading = false;
  private stopped = false;

  constructor(
    kc: k8s.KubeConfig,
    private readonly log: Logger,
    private readonly onLead: () => void,
    private readonly fallback: Election,
    private readonly timing: LeaseTiming = TIMING,
    private readonly identity = `${os.hostname()}-${process.pid}`,
  ) {
    this.api = kc.makeApiClient(k8s.CoordinationV1Api);
  }

  start(): void {
    void this.tick();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      let lease: k8s.V1Lease | undefined;
      try {
        lease = await this.api.readNamespacedLease({ name: LEASE_NAME, namespace: this.namespace });
      } catch (error) {
        if ((error as { code?: number }).code !== 404) throw error;
      }
      const decision = decide(
        lease?.spec ? { ...lease.spec, renewTime: microTimeText(lease.spec.renewTime) } : undefined,
        this.identity,
        Date.now(),
      );
      if (decision.action === 'wait') {
        if (this.leading) {
          // Another replica holds the lease now: two leaders must never reconcile at once.
          this.log.error(
            { holder: decision.holder },
            'lost the leader lease; exiting so the pod restarts as a follower',
          );
          process.exit(1);
        }
      } else {
        const spec = {
          holderIdentity: this.identity,
          leaseDurationSeconds: this.timing.durationS,
          renewTime: microTime(new Date()),
        };
        if (!lease) {
          await this.api.createNamespacedLease({
            namespace: this.namespace,
            body: { metadata: { name: LEASE_NAME }, spec },
          });
        } else {
          await this.api.replaceNamespacedLease({
            name: LEASE_NAME,
            namespace: this.namespace,
            body: { ...lease, spec: { ...lease.spec, ...spec } },
          });
        }
        if (!this.leading) {
          this.leading = true;
          this.log.info(
            { lease: `${this.namespace}/${LEASE_NAME}` },
            'leading (Kubernetes Lease): controllers run here',
          );
          this.onLead();
        }
      }
    } catch (error) {
      const code = (error as { code?: number }).code;
      if (!this.leading && (code === 404 || code === 403)) {
        this.log.info(
          { code },
          'no Lease API available to this process; electing through PostgreSQL instead',
        );
        this.fallback.start();
        return;
      }
      this.log.warn({ err: error }, 'lease renewal failed; retrying');
    }
    this.timer = setTimeout(() => void this.tick(), this.timing.renewMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.fallback.stop();
  }
}

/**
 * A Lease's times are MicroTime: RFC 3339 with exactly six fraction digits (the API server parses
 * them with that layout and refuses three). client-node passes the value through as it is, in
 * both directions, so it is written as that text and read as text or Date.
 */
export function microTime(d: Date): k8s.V1MicroTime {
  return `${d.toISOString().slice(0, -1)}000Z` as unknown as k8s.V1MicroTime;
}

function microTimeText(value: unknown): string | undefined {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : undefined;
}
