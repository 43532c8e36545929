/**
 * Benchmark of the Relationships graph (issue: config detail): the graph of a config with 500
 * related configs is drawn in <= 1.5x the time of one with 50, in headless Chromium against the
 * built Vigil (`npm run build` first).
 *
 * Two Deployments are seeded through /api/db, shaped like a scraped cluster: each in its own
 * namespace under one cluster, with ReplicaSets (the two newest owning the Pods, the older ones
 * empty), Pods, and the Services, ConfigMaps and Secrets it uses; links named as the kubernetes
 * scraper names them (DeploymentReplicaSet, ReplicaSetPod, ServicePod, the namespace as parent)
 * plus the Deployment's soft links to what it uses. One has 50 related configs, the other 500.
 *
 * A sample is a full navigation to /catalog/{id}/relationships (graph view), timed in the page
 * from the navigation's start until the graph is drawn and stable: topology's node wrappers
 * (`data-kind="node"`, one per node of the model, placed in one render whether in view or not)
 * are there, the current config is drawn, and neither the pan/zoom transform (`data-surface`),
 * the node positions nor the set of drawn nodes change for two animation frames; the time is
 * that of the first of those frames. No attribute had to be added to the console for this. Each round takes BENCH_SAMPLES samples of
 * each, interleaved, and keeps the median of each; after warm-up navigations of both.
 * Loopback only, bounded (every wait has a deadline).
 * Run: npx tsx hack/bench/catalogGraph.ts   (BENCH_ROUNDS, default 5; BENCH_SAMPLES, default 3;
 * BENCH_SHOTS=<dir> saves a screenshot of each graph as it was when found ready)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, signIn } from '../../test/support/browser.js';
import { api, startVigil } from '../../test/support/server.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 3);
const WARMUP = 3;
const TARGET = 1.5;
const WAIT_MS = 30_000;

interface GraphReady {
  /** ms from the navigation's start to the first frame of the final drawing */
  ms: number;
  /** node wrappers topology placed (every node of the model) */
  nodes: number;
  /** nodes drawn (those in view) */
  drawn: number;
  edges: number;
  /** ms from the navigation's start to the end of the related_configs_recursive answer */
  data: number;
}

declare global {
  interface Window {
    __graphReady?: GraphReady;
  }
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    min: s[0] as number,
    median: s[Math.floor(s.length / 2)] as number,
    max: s[s.length - 1] as number,
  };
};

type Row = Record<string, unknown>;

/**
 * A Deployment and `related` configs around it, as a scrape of a cluster would leave them:
 * cluster > namespace > everything in it; Deployment -> ReplicaSets -> Pods; Services -> Pods;
 * the Deployment -> the Services, ConfigMaps and Secrets it uses.
 */
function estate(cluster: string, app: string, related: number) {
  const items: Row[] = [];
  const links: Row[] = [];
  const id = () => crypto.randomUUID();
  const tags = { cluster: 'bench', namespace: app };
  const item = (kind: string, name: string, extra: Row = {}): string => {
    const itemId = id();
    items.push({
      id: itemId,
      type: `Kubernetes::${kind}`,
      config_class: kind,
      name,
      tags,
      labels: { app },
      health: 'healthy',
      status: kind === 'Pod' ? 'Running' : null,
      config: {
        apiVersion: kind === 'Deployment' || kind === 'ReplicaSet' ? 'apps/v1' : 'v1',
        kind,
        metadata: { name, namespace: app, labels: { app } },
      },
      ...extra,
    });
    return itemId;
  };
  const link = (from: string, to: string, relation: string) =>
    links.push({ config_id: from, related_id: to, relation });

  const namespace = item('Namespace', app, { parent_id: cluster, status: 'Active' });
  const inNamespace = { parent_id: namespace };
  const deployment = item('Deployment', app, { ...inNamespace, status: 'Running' });
  // The namespace, and the cluster above it, count among the related.
  const replicaSets = Math.max(3, Math.round(related / 50));
  const services = Math.max(2, Math.round(related / 125));
  const configMaps = Math.max(3, Math.round(related / 25));
  const secrets = Math.max(2, Math.round(related / 50));
  const pods = related - 2 - replicaSets - services - configMaps - secrets;

  const rsIds = Array.from({ length: replicaSets }, (_, r) =>
    item('ReplicaSet', `${app}-${(0x5f3a0 + r).toString(16)}`, inNamespace),
  );
  for (const rs of rsIds) link(deployment, rs, 'DeploymentReplicaSet');
  const svcIds = Array.from({ length: services }, (_, s) =>
    item(
      'Service',
      s === 0 ? app : `${app}-${['headless', 'metrics', 'canary', 'admin'][s - 1] ?? s}`,
      inNamespace,
    ),
  );
  for (const svc of svcIds) link(deployment, svc, 'soft');
  for (let c = 0; c < configMaps; c++)
    link(deployment, item('ConfigMap', `${app}-config-${c}`, inNamespace), 'soft');
  for (let s = 0; s < secrets; s++)
    link(deployment, item('Secret', `${app}-secret-${s}`, inNamespace), 'soft');
  // A rollout in progress: the newest ReplicaSet owns most Pods, the one before it the rest.
  for (let p = 0; p < pods; p++) {
    const owner = rsIds[p % 5 === 4 ? replicaSets - 2 : replicaSets - 1] as string;
    const unhealthy = p % 23 === 7;
    const pod = item(
      'Pod',
      `${app}-${p.toString(36).padStart(3, '0')}-${(p * 7919).toString(36)}`,
      {
        ...inNamespace,
        health: unhealthy ? 'unhealthy' : 'healthy',
        status: unhealthy ? 'CrashLoopBackOff' : 'Running',
      },
    );
    link(owner, pod, 'ReplicaSetPod');
    for (const svc of svcIds) link(svc, pod, 'ServicePod');
  }
  return { deployment, items, links };
}

async function post(base: string, table: string, rows: Row[]) {
  for (let i = 0; i < rows.length; i += 500) {
    const res = await api(base, `/api/db/${table}`, {
      method: 'POST',
      body: JSON.stringify(rows.slice(i, i + 500)),
      headers: { Prefer: 'return=minimal' },
    });
    if (!res.ok) throw new Error(`seeding ${table}: ${res.status} ${await res.text()}`);
  }
}

async function seed(base: string) {
  const cluster = crypto.randomUUID();
  const clusterRow: Row = {
    id: cluster,
    type: 'Kubernetes::Cluster',
    config_class: 'Cluster',
    name: 'bench',
    tags: { cluster: 'bench' },
    health: 'healthy',
    status: 'Online',
    config: { name: 'bench' },
  };
  const small = estate(cluster, 'checkout', 50);
  const large = estate(cluster, 'storefront', 500);
  await post(base, 'config_items', [clusterRow]);
  await post(base, 'config_items', [...small.items, ...large.items]);
  await post(base, 'config_relationships', [...small.links, ...large.links]);
  for (const [name, e, want] of [
    ['small', small, 50],
    ['large', large, 500],
  ] as const) {
    const res = await api(
      base,
      `/api/db/rpc/related_configs_recursive?config_id=${e.deployment}&type_filter=all&include_deleted_configs=false&max_depth=10&incoming_relation=both&outgoing_relation=both`,
    );
    const rows = (await res.json()) as unknown[];
    // The answer holds the config itself too.
    if (rows.length - 1 !== want)
      throw new Error(`the ${name} Deployment has ${rows.length - 1} related configs, not ${want}`);
  }
  return { small: small.deployment, large: large.deployment };
}

/** Runs in every document: on a relationships page, notes when the graph is drawn and stable. */
function watchGraph() {
  if (!location.pathname.endsWith('/relationships')) return;
  let last = '';
  let stable = 0;
  let since = 0;
  const frame = () => {
    const region = document.querySelector('[role="region"][aria-label="Relationship graph"]');
    const surface = region?.querySelector('[data-surface]');
    const wrappers = region ? Array.from(region.querySelectorAll('[data-kind="node"]')) : [];
    if (!region || !surface || wrappers.length === 0 || !region.querySelector('[aria-current]')) {
      requestAnimationFrame(frame);
      return;
    }
    const drawn = region.querySelectorAll('[data-kind="node"] > [role]').length;
    const signature = [
      surface.getAttribute('transform'),
      drawn,
      ...wrappers.map((w) => `${w.getAttribute('data-id')}@${w.getAttribute('transform')}`),
    ].join('|');
    if (signature !== last) {
      last = signature;
      stable = 0;
      since = performance.now();
    } else if (++stable >= 2) {
      window.__graphReady = {
        ms: since,
        nodes: wrappers.length,
        drawn,
        edges: region.querySelectorAll('[data-kind="edge"]').length,
        data:
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
            e.name.includes('related_configs_recursive'),
          )?.responseEnd ?? NaN,
      };
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function drawGraph(page: Page, base: string, id: string): Promise<GraphReady> {
  await page.goto(`${base}/catalog/${id}/relationships`, { waitUntil: 'commit', timeout: WAIT_MS });
  const ready = await page.waitForFunction(() => window.__graphReady, undefined, {
    timeout: WAIT_MS,
    polling: 50,
  });
  return (await ready.jsonValue()) as GraphReady;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-graph-'));
  fs.chmodSync(dataDir, 0o755); // the embedded database runs as the postgres user when we are root
  // Both are started at once; whichever started is stopped, even when the other failed.
  const [started, launched] = await Promise.allSettled([startVigil({ dataDir }), launchBrowser()]);
  const vigil = started.status === 'fulfilled' ? started.value : undefined;
  const browser = launched.status === 'fulfilled' ? launched.value : undefined;
  try {
    if (!vigil || !browser) {
      throw (
        (started.status === 'rejected' ? started.reason : undefined) ??
        (launched.status === 'rejected' ? launched.reason : undefined)
      );
    }
    const ids = await seed(vigil.url);
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    // tsx keeps function names by wrapping them in __name(), which the page does not have.
    await context.addInitScript({
      content: `(() => { const __name = (f) => f; (${watchGraph.toString()})(); })();`,
    });
    const page = await context.newPage();
    await signIn(page, vigil.url, '/catalog');
    await page.waitForURL(`${vigil.url}/catalog`, { timeout: WAIT_MS });

    console.log(
      `Relationships graph: 500 related configs vs 50, full navigations in headless Chromium (${ROUNDS} rounds of ${SAMPLES} samples each)`,
    );
    for (let i = 0; i < WARMUP; i++) {
      await drawGraph(page, vigil.url, ids.small);
      await drawGraph(page, vigil.url, ids.large);
    }
    if (process.env.BENCH_SHOTS) {
      for (const [name, id] of Object.entries(ids)) {
        const r = await drawGraph(page, vigil.url, id);
        await page.screenshot({ path: `${process.env.BENCH_SHOTS}/${name}-ready.png` });
        console.log(name, JSON.stringify(r));
      }
    }
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const small: GraphReady[] = [];
      const large: GraphReady[] = [];
      for (let s = 0; s < SAMPLES; s++) {
        // Interleaved, and which goes first alternates, so drift weighs on both alike.
        if ((round + s) % 2 === 0) {
          small.push(await drawGraph(page, vigil.url, ids.small));
          large.push(await drawGraph(page, vigil.url, ids.large));
        } else {
          large.push(await drawGraph(page, vigil.url, ids.large));
          small.push(await drawGraph(page, vigil.url, ids.small));
        }
      }
      const a = stats(small.map((r) => r.ms)).median;
      const b = stats(large.map((r) => r.ms)).median;
      ratios.push(b / a);
      const shape = (r: GraphReady[]) =>
        `data at ${stats(r.map((x) => x.data)).median.toFixed(0)} ms; ${r[0]?.nodes} nodes, ${r[0]?.edges} edges`;
      console.log(
        `   round ${round + 1}: 50 related ${a.toFixed(0)} ms (${shape(small)}), 500 related ${b.toFixed(0)} ms (${shape(large)}) = ${(b / a).toFixed(2)}x`,
      );
    }
    const s = stats(ratios);
    const pass = s.median <= TARGET;
    console.log(
      `${pass ? 'PASS' : 'FAIL'} relationship graph of 500 related configs vs 50: min ${s.min.toFixed(2)}x / median ${s.median.toFixed(2)}x / max ${s.max.toFixed(2)}x (target <= ${TARGET}x)`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await browser?.close();
    await vigil?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
