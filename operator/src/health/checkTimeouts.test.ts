import http from 'node:http';
import net from 'node:net';
import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/testServer.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { HealthEngine } from './engine.js';
import { summary } from './queries.js';
import { RUNNERS } from './runners/index.js';
import { checkTimeout, TIMEOUT_GRACE_MS } from './timeouts.js';
import type { CheckRunner } from './types.js';

/**
 * An http check without thresholdMillis against a server that accepts and never answers used to
 * freeze its whole canary until the run's 10-minute cancel: no result for it, nor for the checks
 * beside it. Every check now has a time limit the engine enforces, and each check's results are
 * stored as soon as it is done.
 */

let db: TestDatabase;
let silent: net.Server;
const held = new Set<net.Socket>();
let silentUrl: string;
let answering: http.Server;
let answeringUrl: string;

beforeAll(async () => {
  db = await startTestDatabase();
  // Accepts connections and never says a word.
  silent = net.createServer((socket) => {
    held.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => held.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/`;
  answering = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve));
  answeringUrl = `http://127.0.0.1:${(answering.address() as net.AddressInfo).port}/`;
});
afterAll(async () => {
  for (const s of held) s.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  await new Promise((resolve) => answering?.close(resolve));
  await db?.close();
});

async function insertCanary(name: string, spec: Record<string, unknown>) {
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, source) VALUES ($1, 'default', $2, 'UI') RETURNING id`,
    [name, spec],
  );
  return rows[0]?.id as string;
}

/** The stored results of a canary's checks, by check name. */
async function results(canaryId: string) {
  const { rows } = await db.pool.query<{
    name: string;
    status: boolean;
    error: string | null;
    duration: number;
  }>(
    `SELECT k.name, s.status, s.error, s.duration FROM check_statuses s
     JOIN checks k ON k.id = s.check_id WHERE k.canary_id = $1 ORDER BY s.time`,
    [canaryId],
  );
  return rows;
}

const engineWith = (
  runners: Record<string, CheckRunner>,
  limits: { checkTimeouts?: Record<string, number>; checkTimeoutGraceMs?: number } = {},
) =>
  new HealthEngine({
    pool: db.pool,
    log: silentLog,
    registry: new client.Registry(),
    runners,
    syncMs: 100,
    ...limits,
  });

describe('check time limits', () => {
  it('gives every check type a limit: its own field when set, else a default', () => {
    expect(checkTimeout('http', {})).toEqual({ ms: 30_000, from: 'default' });
    expect(checkTimeout('http', { thresholdMillis: 2000 })).toMatchObject({
      ms: 2000,
      from: 'thresholdMillis',
    });
    expect(checkTimeout('tcp', {})).toMatchObject({ ms: 10_000, from: 'default' });
    expect(checkTimeout('dns', {})).toMatchObject({ ms: 10_000, from: 'default' });
    expect(checkTimeout('exec', { timeout: 5 })).toMatchObject({ ms: 5000, from: 'timeout' });
    expect(checkTimeout('exec', {})).toMatchObject({ ms: 60_000, from: 'default' });
    expect(checkTimeout('postgres', { timeout: '15' })).toMatchObject({
      ms: 15_000,
      from: 'timeout',
    });
    expect(checkTimeout('redis', {})).toMatchObject({ ms: 30_000, from: 'default' });
    expect(checkTimeout('junit', { timeout: 2 })).toMatchObject({ ms: 120_000, from: 'timeout' });
    expect(checkTimeout('folder', {})).toMatchObject({ ms: 60_000, from: 'default' });
  });

  it('does not hold back the results of checks beside one that never answers', async () => {
    const engine = engineWith(RUNNERS);
    const id = await insertCanary('siblings', {
      schedule: '@every 1h',
      http: [
        // No thresholdMillis: 30 s before its default limit ends it.
        { name: 'silent', url: silentUrl },
        { name: 'quick', url: answeringUrl },
      ],
    });
    await engine.start();
    try {
      // Both requests are in flight; the quick one's result is stored and served while the
      // silent one still waits.
      // (Well before the silent one's 30 s limit.)
      const quick = await eventually(
        'the quick check in check_statuses',
        async () => (await results(id)).find((r) => r.name === 'quick'),
        10_000,
      );
      expect(quick.status).toBe(true);
      const rows = await summary(db.pool, {
        start: new Date(Date.now() - 3_600_000),
        end: new Date(Date.now() + 60_000),
        canaryId: id,
      });
      expect(rows.find((r) => r.name === 'quick')?.status).toBe('healthy');
      expect(held.size).toBeGreaterThan(0);
      expect((await results(id)).map((r) => r.name)).toEqual(['quick']);
    } finally {
      await engine.stop();
      await db.pool.query(`UPDATE canaries SET deleted_at = now() WHERE id = $1`, [id]);
    }
  });

  it('ends an http check without thresholdMillis at the default limit', async () => {
    // The 30 s default, shortened for the test through the engine's per-type override.
    const engine = engineWith(RUNNERS, { checkTimeouts: { http: 500 } });
    const id = await insertCanary('default-limit', {
      schedule: '@every 1h',
      http: [{ name: 'silent', url: silentUrl }],
    });
    await engine.start();
    try {
      const silentResult = await eventually('the silent check to time out', async () =>
        (await results(id)).find((r) => r.name === 'silent'),
      );
      expect(silentResult).toMatchObject({
        status: false,
        error:
          'timed out after 500ms (the default for http checks; set thresholdMillis to change it)',
      });
      expect(silentResult.duration).toBeGreaterThanOrEqual(500);
      expect(silentResult.duration).toBeLessThan(500 + TIMEOUT_GRACE_MS);
      // The run is over: its job row is written.
      await eventually('the run to finish', async () => {
        const { rows } = await db.pool.query(
          `SELECT status FROM job_history WHERE resource_type = 'canary' AND resource_id = $1`,
          [id],
        );
        return rows[0]?.status === 'FAILED' ? true : undefined;
      });
    } finally {
      await engine.stop();
      await db.pool.query(`UPDATE canaries SET deleted_at = now() WHERE id = $1`, [id]);
    }
  });

  it('ends an http check at its thresholdMillis', async () => {
    const engine = engineWith(RUNNERS);
    const id = await insertCanary('threshold', {
      schedule: '@every 1h',
      http: [{ name: 'silent', url: silentUrl, thresholdMillis: 300 }],
    });
    await engine.start();
    try {
      const r = await eventually('the silent check to time out', async () =>
        (await results(id)).find((x) => x.name === 'silent'),
      );
      expect(r.status).toBe(false);
      expect(r.error).toMatch(/^timed out after 300ms/);
    } finally {
      await engine.stop();
      await db.pool.query(`UPDATE canaries SET deleted_at = now() WHERE id = $1`, [id]);
    }
  });

  it('does not let a runner that ignores its signal hold the run', async () => {
    let calls = 0;
    // Never resolves and never looks at its signal.
    const stuck: CheckRunner = () => {
      calls++;
      return new Promise(() => undefined);
    };
    const engine = engineWith(
      { http: stuck },
      { checkTimeouts: { http: 200 }, checkTimeoutGraceMs: 300 },
    );
    const id = await insertCanary('stuck', {
      schedule: '@every 1s',
      http: [{ name: 'stuck', url: 'http://stuck.invalid/' }],
    });
    await engine.start();
    try {
      // Each run ends at the limit plus the grace, so the next scheduled run takes place.
      const rows = await eventually(
        'two timed-out results',
        async () => {
          const r = await results(id);
          return r.length >= 2 ? r : undefined;
        },
        20_000,
      );
      for (const r of rows) {
        expect(r).toMatchObject({
          status: false,
          error:
            'timed out after 200ms (the default for http checks; set thresholdMillis to change it)',
        });
      }
      expect(calls).toBeGreaterThanOrEqual(2);
    } finally {
      await engine.stop();
      await db.pool.query(`UPDATE canaries SET deleted_at = now() WHERE id = $1`, [id]);
    }
  });
});
