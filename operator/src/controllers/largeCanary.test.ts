import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * A Canary with 5,000 checks applied through /k8s used to sit unreconciled until a restart: its
 * ADDED event was written after the events of smaller writes that had drawn later versions, so
 * the watch hub had moved past it (see writeTransaction in k8s/store.ts).
 */

const CANARIES = '/k8s/apis/canaries.flanksource.com/v1/namespaces/default/canaries';
const CHECKS = 5000;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const ready = async (name: string) => {
  const o = (await (await t.api(`${CANARIES}/${name}`)).json()) as {
    status?: {
      checks?: Record<string, string>;
      conditions?: { type: string; status: string; reason: string }[];
    };
  };
  const condition = o.status?.conditions?.find((c) => c.type === 'Ready');
  return condition && { condition, checks: o.status?.checks ?? {} };
};

describe('large canaries', () => {
  it('reconciles a 5,000-check Canary created while other canaries are being written', async () => {
    // Other canaries change all the time (their status is written after every run).
    for (let i = 0; i < 4; i++) {
      const res = await t.api(CANARIES, {
        method: 'POST',
        body: JSON.stringify({
          apiVersion: 'canaries.flanksource.com/v1',
          kind: 'Canary',
          metadata: { name: `busy-${i}` },
          spec: { schedule: '@every 1h', http: [{ name: 'a', url: 'http://127.0.0.1:9/' }] },
        }),
      });
      expect(res.status).toBe(201);
    }
    let writing = true;
    const churn = Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        for (let n = 0; writing; n++) {
          await t.api(`${CANARIES}/busy-${i}`, {
            method: 'PATCH',
            headers: { 'Content-Type': 'application/merge-patch+json' },
            body: JSON.stringify({ metadata: { labels: { n: String(n) } } }),
          });
        }
      }),
    );
    let res: Response;
    try {
      res = await t.api(CANARIES, {
        method: 'POST',
        body: JSON.stringify({
          apiVersion: 'canaries.flanksource.com/v1',
          kind: 'Canary',
          metadata: { name: 'large' },
          spec: {
            schedule: '@every 1h',
            http: Array.from({ length: CHECKS }, (_, i) => ({
              name: `check-${String(i).padStart(4, '0')}`,
              url: `http://127.0.0.1:9/${i}`,
            })),
          },
        }),
      });
    } finally {
      writing = false;
      await churn;
    }
    expect(res.status).toBe(201);

    const done = await eventually(
      'the large canary to be Ready',
      () => ready('large'),
      60_000,
      250,
    );
    expect(done.condition).toMatchObject({ status: 'True', reason: 'Reconciled' });
    expect(Object.keys(done.checks)).toHaveLength(CHECKS);
    const { rows } = await t.server.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM checks c JOIN canaries ca ON ca.id = c.canary_id
       WHERE ca.source = 'kubernetes/default/large' AND c.deleted_at IS NULL`,
    );
    expect(rows[0]?.n).toBe(CHECKS);
  });
});
