import os from 'node:os';
import type { Logger } from 'pino';
import type pg from 'pg';
import { VERSION } from '../version.js';
import { DEFAULT_SCRAPE_INTERVAL, type AgentSpec } from './spec.js';
import type { AgentSettings } from './pusher.js';

/** Rows this agent makes for itself from its settings, named so they are never confused. */
export const KUBERNETES_SCRAPER = 'default/agent-kubernetes';

/** What an agent tells the central Vigil about itself when pushTelemetry is on. */
export interface Telemetry {
  version: string;
  hostname: string;
  /** Check results waiting to be pushed. */
  queued: number;
}

export const telemetry = (queued: number): Telemetry => ({
  version: VERSION,
  hostname: os.hostname(),
  queued,
});

/**
 * Applies the settings the central Vigil keeps for this agent (Settings → Agents), as they
 * arrive with each push:
 * - kubernetes.enabled: a kubernetes scraper of this agent's own cluster at the chosen interval
 *   (in cluster mode only: without a cluster there is nothing to scrape, and the log says so);
 * - pushTelemetry.topologyName: a topology of that name with this agent as its component,
 *   pushed like any other, so the central topology shows the agent, its version and host.
 * Both are System rows kept in step with the settings and removed when turned off.
 */
export class SettingsApplier {
  private applied?: string;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly inCluster: boolean,
  ) {}

  async apply(settings: AgentSettings): Promise<void> {
    const spec = settings.spec as AgentSpec;
    const key = JSON.stringify([settings.name, spec]);
    if (key === this.applied) return;
    await this.kubernetes(settings.name, spec.kubernetes);
    await this.telemetryTopology(settings.name, spec.pushTelemetry);
    this.applied = key;
  }

  private async kubernetes(agent: string, k: AgentSpec['kubernetes']): Promise<void> {
    if (k?.enabled && !this.inCluster)
      this.log.warn(
        'kubernetes scraping is on for this agent, but it runs without a cluster (--kubernetes): nothing to scrape',
      );
    const spec =
      k?.enabled && this.inCluster
        ? {
            schedule: `@every ${k.interval || DEFAULT_SCRAPE_INTERVAL}`,
            kubernetes: [{ clusterName: agent }],
          }
        : undefined;
    await this.keep(
      `UPDATE config_scrapers SET spec = $2, deleted_at = NULL WHERE name = $1 AND source = 'System'
         AND agent_id = '00000000-0000-0000-0000-000000000000' RETURNING id`,
      `INSERT INTO config_scrapers (name, spec, source) VALUES ($1, $2, 'System')`,
      `UPDATE config_scrapers SET deleted_at = now() WHERE name = $1 AND source = 'System'
         AND deleted_at IS NULL`,
      KUBERNETES_SCRAPER,
      spec,
    );
  }

  private async telemetryTopology(agent: string, t: AgentSpec['pushTelemetry']): Promise<void> {
    const name = t?.enabled ? t.topologyName : undefined;
    // One topology at most: a renamed one replaces the old.
    await this.pool.query(
      `UPDATE topologies SET deleted_at = now() WHERE source = 'System' AND labels ->> 'vigil.dev/agent-telemetry' = 'true'
         AND deleted_at IS NULL AND name IS DISTINCT FROM $1`,
      [name ?? null],
    );
    if (!name) return;
    const info = telemetry(0);
    const spec = {
      schedule: '@every 5m',
      components: [
        {
          name: agent,
          type: 'Agent',
          icon: 'vigil',
          properties: [
            { name: 'version', text: info.version },
            { name: 'hostname', text: info.hostname },
          ],
        },
      ],
    };
    const { rowCount } = await this.pool.query(
      `UPDATE topologies SET spec = $2 WHERE name = $1 AND namespace = 'default' AND source = 'System'
         AND deleted_at IS NULL AND spec IS DISTINCT FROM $2`,
      [name, spec],
    );
    if (rowCount) return;
    await this.pool.query(
      `INSERT INTO topologies (name, namespace, source, labels, spec)
       SELECT $1, 'default', 'System', '{"vigil.dev/agent-telemetry": "true"}', $2
        WHERE NOT EXISTS (SELECT 1 FROM topologies WHERE name = $1 AND namespace = 'default'
          AND deleted_at IS NULL AND agent_id = '00000000-0000-0000-0000-000000000000')`,
      [name, spec],
    );
  }

  /** Updates the named System row to `spec`, inserts it, or soft-deletes it when undefined. */
  private async keep(
    update: string,
    insert: string,
    remove: string,
    name: string,
    spec: object | undefined,
  ): Promise<void> {
    if (!spec) {
      await this.pool.query(remove, [name]);
      return;
    }
    const { rowCount } = await this.pool.query(update, [name, spec]);
    if (!rowCount) await this.pool.query(insert, [name, spec]);
    this.log.info(
      { scraper: name },
      'kubernetes scraping of this cluster set from the central Vigil',
    );
  }
}
