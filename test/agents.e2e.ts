import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, freePort, startVigil, tempDataDir, type VigilProcess } from './support/server.js';

/**
 * Agent mode end to end: two Vigils on loopback, one the agent of the other. The agent runs a
 * canary against a loopback target and scrapes a file; everything it records reaches the
 * central Vigil within a push or two, survives the central Vigil being away for a minute, and
 * stays the agent's own — its token pushes nothing else. Stopped, it goes offline; deleted with
 * cleanup, what it pushed goes too and its token stops working.
 */
const PUSH_SECONDS = 2;
const ONLINE_WITHIN_MS = 61_000; // the console's contract (agentModel.ts)
const NIL = '00000000-0000-0000-0000-000000000000';

let central: VigilProcess;
let agent: VigilProcess;
let target: http.Server;
let work: string;
/** The central Vigil restarts on the same data dir and port: the agent keeps one URL. */
let centralDir: string;
let centralPort: number;

/** What POST /api/agent/generate answered for the agent that runs here. */
let registered: { id: string; agent_id: string; name: string; access_token: string };
const ids: { check?: string; canary?: string; config?: string } = {};

interface AgentSummary {
  id: string;
  name: string;
  last_seen: string | null;
  last_received: string | null;
  config_count: number;
  checks_count: number;
  config_scrapper_count: number;
  playbook_runs_count: number;
}

/** GET as the first admin; a non-2xx answer throws with the server's words. */
async function get<T>(base: string, p: string): Promise<T> {
  const res = await api(base, p);
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** POST /api/upstream/push with an agent's token, as its pusher does. */
const push = (token: string, batch: Record<string, unknown[]>) =>
  fetch(`${central.url}/api/upstream/push`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(batch),
  });

const summaryOf = async (agentId: string) =>
  (await get<AgentSummary[]>(central.url, `/api/db/agents_summary?select=*&id=eq.${agentId}`))[0];

/** The check's results as `time`s, oldest first, from one Vigil's database. */
const resultTimes = async (base: string, checkId: string) =>
  (
    await get<{ time: string }[]>(
      base,
      `/api/db/check_statuses?check_id=eq.${checkId}&select=time&order=time`,
    )
  ).map((r) => Date.parse(r.time));

const appFile = () => path.join(work, 'apps', 'cart.json');

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-agents-e2e-'));
  fs.mkdirSync(path.join(work, 'apps'));
  fs.writeFileSync(appFile(), JSON.stringify({ name: 'cart', image: 'cart:1' }));
  target = http.createServer((req, res) => {
    res.writeHead(req.url === '/ok' ? 200 : 404).end(req.url === '/ok' ? 'ok' : 'no');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));

  centralDir = tempDataDir();
  centralPort = await freePort();
  central = await startVigil({ dataDir: centralDir, port: centralPort });
  const res = await api(central.url, '/api/agent/generate', {
    method: 'POST',
    body: JSON.stringify({ name: 'edge-eu', properties: { region: 'eu-west' } }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  registered = (await res.json()) as typeof registered;
  agent = await startVigil({
    env: {
      VIGIL_AGENT_OF: central.url,
      VIGIL_AGENT_TOKEN: registered.access_token,
      VIGIL_AGENT_PUSH_INTERVAL: String(PUSH_SECONDS),
      VIGIL_HEALTH_CHECKS: 'on',
    },
  });
}, 240_000);

afterAll(async () => {
  await agent?.stop();
  await central?.stop();
  await new Promise<void>((r) => (target ? target.close(() => r()) : r()));
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('a Vigil that is the agent of another', () => {
  it('pushes its check, results, scraped item and changes to the central Vigil', async () => {
    const port = (target.address() as AddressInfo).port;
    const canary = await api(
      agent.url,
      '/k8s/apis/canaries.flanksource.com/v1/namespaces/default/canaries',
      {
        method: 'POST',
        body: JSON.stringify({
          apiVersion: 'canaries.flanksource.com/v1',
          kind: 'Canary',
          metadata: { name: 'shop', namespace: 'default' },
          spec: {
            // Often enough that the one-minute outage below leaves a dozen results queued.
            schedule: '@every 5s',
            http: [{ name: 'shop-home', url: `http://127.0.0.1:${port}/ok`, responseCodes: [200] }],
          },
        }),
      },
    );
    expect(canary.status, await canary.clone().text()).toBe(201);
    const scrape = await api(
      agent.url,
      '/k8s/apis/configs.flanksource.com/v1/namespaces/default/scrapeconfigs',
      {
        method: 'POST',
        body: JSON.stringify({
          apiVersion: 'configs.flanksource.com/v1',
          kind: 'ScrapeConfig',
          metadata: { name: 'apps', namespace: 'default' },
          spec: {
            // Scraped when applied and when asked, never on a timer that could race the test.
            schedule: '@never',
            file: [{ paths: [appFile()], id: '$.name', name: '$.name', type: 'App' }],
          },
        }),
      },
    );
    expect(scrape.status, await scrape.clone().text()).toBe(201);

    // The check, with the agent's properties as labels, and its passing results.
    await expect
      .poll(
        () =>
          get<{ id: string; canary_id: string; name: string; labels: Record<string, string> }[]>(
            central.url,
            `/api/db/checks?agent_id=eq.${registered.agent_id}&select=id,canary_id,name,labels`,
          ),
        { timeout: 30_000, interval: 250 },
      )
      .toHaveLength(1);
    const [check] = await get<{ id: string; canary_id: string; name: string; labels: object }[]>(
      central.url,
      `/api/db/checks?agent_id=eq.${registered.agent_id}&select=id,canary_id,name,labels`,
    );
    expect(check).toMatchObject({ name: 'shop-home', labels: { region: 'eu-west' } });
    ids.check = check?.id;
    ids.canary = check?.canary_id;
    // The agent keeps the same ids: the central row is the agent's own check.
    expect(
      await get<unknown[]>(agent.url, `/api/db/checks?id=eq.${ids.check}&agent_id=eq.${NIL}`),
    ).toHaveLength(1);
    await expect
      .poll(
        () =>
          get<{ status: boolean }[]>(
            central.url,
            `/api/db/check_statuses?check_id=eq.${ids.check}&select=status`,
          ),
        // A result waits 2 s to settle on the agent, then at most one push interval.
        { timeout: 30_000, interval: 250 },
      )
      .toContainEqual({ status: true });

    // The scraped item, labelled with the agent's properties as well.
    await expect
      .poll(
        () =>
          get<{ id: string; name: string; type: string; labels: Record<string, string> }[]>(
            central.url,
            `/api/db/config_items?agent_id=eq.${registered.agent_id}&select=id,name,type,labels`,
          ),
        { timeout: 30_000, interval: 250 },
      )
      .toEqual([
        expect.objectContaining({ name: 'cart', type: 'App', labels: { region: 'eu-west' } }),
      ]);
    const [item] = await get<{ id: string }[]>(
      central.url,
      `/api/db/config_items?agent_id=eq.${registered.agent_id}&select=id`,
    );
    ids.config = item?.id;

    // The agents list: seen, received from, and counting what it pushed.
    const listed = await summaryOf(registered.agent_id);
    expect(listed).toMatchObject({
      name: 'edge-eu',
      checks_count: 1,
      config_count: 1,
      config_scrapper_count: 1,
      playbook_runs_count: 0,
    });
    expect(Date.now() - Date.parse(listed?.last_seen ?? '')).toBeLessThan(ONLINE_WITHIN_MS);
    expect(Date.now() - Date.parse(listed?.last_received ?? '')).toBeLessThan(ONLINE_WITHIN_MS);

    // An edit scraped on the agent is a change there, and arrives with the next push.
    fs.writeFileSync(appFile(), JSON.stringify({ name: 'cart', image: 'cart:2' }));
    const [scraper] = await get<{ id: string }[]>(
      agent.url,
      '/api/db/config_scrapers?name=eq.default/apps&select=id',
    );
    const run = await api(agent.url, `/api/catalog/scrapers/${scraper?.id}/run`, {
      method: 'POST',
    });
    expect(run.status, await run.clone().text()).toBe(200);
    await expect
      .poll(
        () =>
          get<{ change_type: string; summary: string }[]>(
            central.url,
            `/api/db/config_changes?config_id=eq.${ids.config}&select=change_type,summary`,
          ),
        { timeout: 20_000, interval: 250 },
      )
      .toContainEqual({ change_type: 'diff', summary: 'image' });

    // The Health page (console/src/features/health) reads /api/canary/api/summary and groups
    // by agent_name: the check is named as the agent's, healthy, with its passing runs counted.
    await expect
      .poll(
        async () => {
          const { checks_summary } = await get<{
            checks_summary: { id: string; uptime: { passed: number } }[];
          }>(central.url, '/api/canary/api/summary');
          return checks_summary.find((r) => r.id === ids.check);
        },
        { timeout: 15_000, interval: 250 },
      )
      .toMatchObject({
        agent_id: registered.agent_id,
        agent_name: 'edge-eu',
        status: 'healthy',
        labels: expect.objectContaining({ region: 'eu-west' }),
        uptime: expect.objectContaining({ passed: expect.any(Number) }),
      });
    const { checks_summary } = await get<{
      checks_summary: { id: string; uptime: { passed: number } }[];
    }>(central.url, `/api/canary/api/summary?agent_id=${registered.agent_id}`);
    expect(checks_summary.map((r) => r.id)).toEqual([ids.check]);
    expect(checks_summary[0]?.uptime.passed).toBeGreaterThan(0);
  }, 120_000);

  it('delivers every result recorded while the central Vigil was away', async () => {
    const checkId = ids.check as string;
    await central.stop();
    const downAt = Date.now();
    // The outage itself is what is under test, so it lasts a fixed minute; the agent keeps
    // running its check every 5 s and queues the results in its own database.
    await new Promise((r) => setTimeout(r, 60_000));
    central = await startVigil({ dataDir: centralDir, port: centralPort });
    const upAt = Date.now();

    // Everything the agent recorded before the restart, read from its own database as its
    // admin, must be on the central Vigil: the same count and the same runs. Runs after the
    // restart are left out, as the check goes on and the newest result is always on its way.
    const beforeRestart = (times: number[]) => times.filter((t) => t < upAt);
    const duringOutage = beforeRestart(await resultTimes(agent.url, checkId)).filter(
      (t) => t >= downAt,
    );
    expect(duringOutage.length).toBeGreaterThanOrEqual(8);
    await expect
      .poll(
        async () => {
          const [here, there] = await Promise.all([
            resultTimes(agent.url, checkId).then(beforeRestart),
            resultTimes(central.url, checkId).then(beforeRestart),
          ]);
          const arrived = new Set(there);
          return {
            agent: here.length,
            central: there.length,
            missing: here.filter((t) => !arrived.has(t)).map((t) => new Date(t).toISOString()),
          };
        },
        { timeout: 30_000, interval: 500 },
      )
      .toSatisfy(
        (c: { agent: number; central: number; missing: string[] }) =>
          c.agent === c.central && c.missing.length === 0,
      );
  }, 200_000);

  it("refuses an agent's token anything but pushing its own rows", async () => {
    const token = registered.access_token;
    const people = await fetch(`${central.url}/api/db/people?select=id`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(people.status, await people.text()).toBe(403);

    // A canary of the central Vigil's own: the agent may not overwrite it.
    const local = await api(
      central.url,
      '/k8s/apis/canaries.flanksource.com/v1/namespaces/default/canaries',
      {
        method: 'POST',
        body: JSON.stringify({
          apiVersion: 'canaries.flanksource.com/v1',
          kind: 'Canary',
          metadata: { name: 'central-own', namespace: 'default' },
          spec: { schedule: '@never', http: [{ name: 'own', url: 'http://127.0.0.1:9/' }] },
        }),
      },
    );
    expect(local.status, await local.clone().text()).toBe(201);
    await expect
      .poll(
        () =>
          get<{ id: string }[]>(
            central.url,
            `/api/db/canaries?name=eq.central-own&agent_id=eq.${NIL}&select=id`,
          ),
        { timeout: 15_000, interval: 250 },
      )
      .toHaveLength(1);
    const [own] = await get<{ id: string }[]>(
      central.url,
      `/api/db/canaries?name=eq.central-own&agent_id=eq.${NIL}&select=id`,
    );
    const hijack = await push(token, {
      canaries: [{ id: own?.id, name: 'hijacked', namespace: 'default', spec: {} }],
    });
    expect(hijack.status, await hijack.clone().text()).toBe(403);
    const [after] = await get<{ name: string; agent_id: string }[]>(
      central.url,
      `/api/db/canaries?id=eq.${own?.id}&select=name,agent_id`,
    );
    expect(after).toEqual({ name: 'central-own', agent_id: NIL });

    // Another agent cannot write results for this agent's check.
    const other = await api(central.url, '/api/agent/generate', {
      method: 'POST',
      body: JSON.stringify({ name: 'edge-us' }),
    });
    expect(other.status).toBe(201);
    const { access_token } = (await other.json()) as { access_token: string };
    const forged = await push(access_token, {
      check_statuses: [
        { check_id: ids.check, time: new Date().toISOString(), status: false, error: 'forged' },
      ],
    });
    expect(forged.status, await forged.clone().text()).toBe(403);
    expect(
      await get<unknown[]>(
        central.url,
        `/api/db/check_statuses?check_id=eq.${ids.check}&error=eq.forged&select=time`,
      ),
    ).toEqual([]);
  }, 60_000);

  it('shows a stopped agent as offline once a minute passes without a push', async () => {
    // Online now: it pushes every two seconds.
    await expect
      .poll(
        async () =>
          Date.now() - Date.parse((await summaryOf(registered.agent_id))?.last_seen ?? ''),
        {
          timeout: 10_000,
        },
      )
      .toBeLessThan(ONLINE_WITHIN_MS);
    await agent.stop();
    const lastSeen = (await summaryOf(registered.agent_id))?.last_seen;
    await expect
      .poll(
        async () =>
          Date.now() - Date.parse((await summaryOf(registered.agent_id))?.last_seen ?? ''),
        { timeout: 80_000, interval: 1_000 },
      )
      .toBeGreaterThan(ONLINE_WITHIN_MS);
    // Offline because nothing came, not because something else moved it.
    expect((await summaryOf(registered.agent_id))?.last_seen).toBe(lastSeen);
  }, 120_000);

  it('deletes the agent with cleanup: its rows are soft-deleted and its token refused', async () => {
    const res = await api(central.url, `/api/agent/${registered.agent_id}?cleanup=true`, {
      method: 'DELETE',
    });
    expect(res.status, await res.clone().text()).toBe(204);
    for (const table of ['checks', 'canaries', 'config_items', 'config_scrapers']) {
      const rows = await get<{ deleted_at: string | null }[]>(
        central.url,
        `/api/db/${table}?agent_id=eq.${registered.agent_id}&select=deleted_at`,
      );
      expect(rows.length, table).toBeGreaterThan(0);
      expect(
        rows.filter((r) => !r.deleted_at),
        `${table} left undeleted`,
      ).toEqual([]);
    }
    expect(await summaryOf(registered.agent_id)).toBeUndefined();
    const refused = await push(registered.access_token, {});
    expect(refused.status, await refused.clone().text()).toBe(401);
  }, 30_000);
});
