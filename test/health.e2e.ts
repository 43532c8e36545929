import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../operator/src/db/embeddedPostgres.js';
import { silentLog } from '../operator/src/testing/testDatabase.js';
import { fillFixture, startHealthTargets, type HealthTargets } from './support/healthTargets.js';
import { kubectl, type Kubectl } from './support/kubectl.js';
import { ADMIN_TOKEN, startVigil, tempDataDir, type VigilProcess } from './support/server.js';

/**
 * Acceptance canaries: every test/fixtures/canaries/*_pass.yaml must pass and every *_fail.yaml
 * must fail, applied with kubectl against a Vigil that runs them against targets on loopback,
 * judged by the Canary status kubectl reads and by the Health API.
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures/canaries');
const files = fs
  .readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

let vigil: VigilProcess;
let targets: HealthTargets;
let postgres: EmbeddedDatabase;
let k: Kubectl;

interface SummaryRow {
  id: string;
  name: string;
  canary_id: string;
  canary_name: string;
  status: string | null;
  latest_message: string | null;
  last_runtime: string | null;
}

const api = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${vigil.url}${p}`, {
    ...init,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...init.headers },
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

beforeAll(async () => {
  const pgDir = tempDataDir();
  postgres = await startEmbeddedPostgres(pgDir, silentLog);
  targets = await startHealthTargets(postgres.url);
  vigil = await startVigil({ env: { VIGIL_HEALTH_CHECKS: 'on' } });
  const config = await fetch(`${vigil.url}/api/kubeconfig`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  k = kubectl(33, await config.text());
}, 180_000);

afterAll(async () => {
  await vigil?.stop();
  await targets?.stop();
  await postgres?.stop();
});

async function waitForRuns(canary: string, timeoutMs = 60_000): Promise<SummaryRow[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { checks_summary } = await api<{ checks_summary: SummaryRow[] }>(
      '/api/canary/api/summary',
    );
    const rows = checks_summary.filter((r) => r.canary_name === canary);
    if (rows.length && rows.every((r) => r.last_runtime)) return rows;
    if (Date.now() > end) {
      throw new Error(`${canary}: checks did not run in time: ${JSON.stringify(rows)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function canaryStatus(name: string, want: string, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = k.run(['get', 'canary', name, '-o', 'json']);
    const obj = JSON.parse(r.stdout || '{}') as { status?: Record<string, unknown> };
    if (obj.status?.status === want || Date.now() > end) return obj.status ?? {};
    await new Promise((res) => setTimeout(res, 300));
  }
}

describe('acceptance canaries', () => {
  it('has pass and fail fixtures', () => {
    expect(files.filter((f) => f.endsWith('_pass.yaml')).length).toBeGreaterThanOrEqual(9);
    expect(files.filter((f) => f.endsWith('_fail.yaml')).length).toBeGreaterThanOrEqual(8);
  });

  it.each(files)(
    '%s',
    async (file) => {
      const manifest = fillFixture(
        fs.readFileSync(path.join(FIXTURES, file), 'utf8'),
        targets.vars,
      );
      const name = /name: (\S+)/.exec(manifest)?.[1] as string;
      const applied = k.run(['apply', '-f', '-'], { input: manifest });
      expect(applied.status, applied.stderr).toBe(0);
      const rows = await waitForRuns(name);
      const passing = file.endsWith('_pass.yaml');
      const wrong = rows.filter((r) => (r.status === 'healthy') !== passing);
      expect(
        wrong.map((r) => `${r.name}: ${r.status} ${r.latest_message ?? ''}`),
        `${file}: every check should ${passing ? 'pass' : 'fail'}`,
      ).toEqual([]);

      // The Canary's status as kubectl shows it.
      const status = await canaryStatus(name, passing ? 'Passed' : 'Failed');
      expect(status.status).toBe(passing ? 'Passed' : 'Failed');
      expect(Object.keys(status.checks as object).sort()).toEqual(rows.map((r) => r.name).sort());
      const ready = (status.conditions as { type: string; status: string }[]).find(
        (c) => c.type === 'Ready',
      );
      expect(ready?.status).toBe('True');
      if (!passing) {
        // A failure always says why, in the history of each check.
        for (const row of rows) {
          const history = await api<{ statuses: { error: string | null; status: boolean }[] }>(
            `/api/canary/api/checks/${row.id}/statuses?pageSize=1`,
          );
          expect(history.statuses[0]?.status).toBe(false);
          expect(history.statuses[0]?.error, row.name).toBeTruthy();
        }
      }
    },
    90_000,
  );

  it('reports a canary whose expression does not compile as Ready=False, and Run Now reruns a check', async () => {
    const bad = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: bad-expression
spec:
  schedule: '@every 5m'
  http:
    - name: home
      url: ${targets.vars.HTTP_URL as string}/ok
      test:
        expr: code ==
`;
    expect(k.run(['apply', '-f', '-'], { input: bad }).status).toBe(0);
    const end = Date.now() + 30_000;
    let ready: { status: string; reason: string; message: string } | undefined;
    while (Date.now() < end) {
      const obj = JSON.parse(k.run(['get', 'canary', 'bad-expression', '-o', 'json']).stdout) as {
        status?: {
          conditions?: { type: string; status: string; reason: string; message: string }[];
        };
      };
      ready = obj.status?.conditions?.find((c) => c.type === 'Ready');
      if (ready) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(ready).toMatchObject({ status: 'False', reason: 'InvalidExpression' });

    // A TCP endpoint with a scheme never gets stored: apply names the field.
    const scheme = k.run(['apply', '-f', '-'], {
      input: `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: tcp-scheme
spec:
  tcp:
    - name: with-scheme
      endpoint: tcp://${targets.vars.TCP_ENDPOINT as string}
`,
    });
    expect(scheme.status).toBe(1);
    expect(scheme.stderr).toMatch(/spec\.tcp\[0\]\.endpoint/);
    expect(ready?.message).toMatch(/home: test.expr does not compile/);

    const [row] = await waitForRuns('tcp-pass');
    const before = await api<{ total: number }>(`/api/canary/api/checks/${row?.id}/statuses`);
    const run = await api<{ status: boolean }>(`/api/canary/run/check/${row?.id}`, {
      method: 'POST',
    });
    expect(run.status).toBe(true);
    const after = await api<{ total: number }>(`/api/canary/api/checks/${row?.id}/statuses`);
    expect(after.total).toBe(before.total + 1);

    const metrics = await (await fetch(`${vigil.url}/metrics`)).text();
    expect(metrics).toMatch(/canary_check\{[^}]*canary_name="tcp-pass"[^}]*\} 0/);
    expect(metrics).toMatch(/canary_check_failed_count\{[^}]*canary_name="http-fail"/);
  }, 90_000);
});
