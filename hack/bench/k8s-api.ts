/**
 * Benchmark of /k8s (issue: Kubernetes-compatible API). Prints each scenario with a baseline
 * measured in the same run and the ratio against the target:
 *   a) LIST of 10,000 Canaries as JSON: p99 <= 5x reading the same rows through pg and building
 *      and serialising the same objects in this process
 *   b) 1,000 sequential creates (POST): creates/s and p95 printed; every one must answer 201
 *   c) 100 concurrent watchers, one PATCH: p99 of the delivery latency (PATCH sent to the
 *      MODIFIED event at each watcher, watchers spread over 4 client processes) <= 10x a single
 *      watcher's, measured the same way
 * Run: npx tsx hack/bench/k8s-api.ts   (BENCH_SECONDS, BENCH_CANARIES to change the size)
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { KINDS } from '@vigil/crds';
import { createPool } from '../../operator/src/db/pool.js';
import { toObject, type ResourceRow } from '../../operator/src/k8s/objects.js';
import type { K8sBenchReady } from './k8sApiServers.js';
import { fmt, load, percentile } from './load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const TOKEN = 'vgl_bench_admin_token_000000000000';
const auth = { Authorization: `Bearer ${TOKEN}` };
const CREATES = 1000;
const WATCHERS = 100;
const SINGLE_ROUNDS = 9;
const canary = KINDS.find((k) => k.kind === 'Canary');
if (!canary) throw new Error('no Canary kind in @vigil/crds');
const collection = (ns: string) =>
  `/k8s/apis/canaries.flanksource.com/v1/namespaces/${ns}/canaries`;

/** Every wait is bounded: a hung server fails the run instead of holding it open. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// The workspaces' TypeScript sources, as tsc and vitest resolve them: a stale crds/dist must not
// decide what /k8s serves in the run.
const child = fork(path.join(import.meta.dirname, 'k8sApiServers.ts'), {
  execArgv: ['--import', 'tsx', '--conditions=source'],
});
const stopServers = async () => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await within(exited, 20_000, 'stopping the servers').catch(() => child.kill('SIGKILL'));
};
// The whole run is bounded too: stop the servers (and their PostgreSQL) and give up.
const watchdog = setTimeout(() => {
  console.error('the benchmark did not finish within 170 s');
  void stopServers().finally(() => process.exit(1));
}, 170_000);
watchdog.unref();

const ready = await within(
  new Promise<K8sBenchReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as K8sBenchReady));
    child.once('exit', (code) => reject(new Error(`bench servers exited (${code})`)));
  }),
  120_000,
  'starting PostgreSQL, migrating and seeding',
);
const vigil = `http://127.0.0.1:${ready.port}`;
const pool = createPool(ready.url);
const timeout = () => AbortSignal.timeout(30_000);
let failed = false;
const verdict = (ok: boolean) => {
  failed ||= !ok;
  return ok ? 'PASS' : 'FAIL';
};

console.log(
  `Vigil /k8s benchmark: ${ready.canaries} Canaries in namespace default, up to ${SECONDS} s per measurement, loopback only\n`,
);

try {
  // a) LIST
  const listOnce = async () => {
    const res = await fetch(`${vigil}${collection('default')}`, {
      headers: { ...auth, Accept: 'application/json' },
      signal: timeout(),
    });
    const body = await res.arrayBuffer();
    return res.ok && body.byteLength > 0;
  };
  // The same read and the same objects as store.list and the router's answer, without HTTP.
  const rawList = async () => {
    const { rows } = await pool.query<ResourceRow>(
      `SELECT uid, namespace, name, resource_version, generation, labels, annotations, metadata, spec, status, created_at
         FROM resources WHERE api_group = $1 AND kind = $2 AND namespace = $3 ORDER BY namespace, name`,
      [canary.group, canary.kind, 'default'],
    );
    const json = JSON.stringify({
      apiVersion: `${canary.group}/${canary.version}`,
      kind: `${canary.kind}List`,
      metadata: { resourceVersion: '1' },
      items: rows.map((r) => toObject(canary, r)),
    });
    return rows.length === ready.canaries && json.length > 0;
  };
  const first = await (
    await fetch(`${vigil}${collection('default')}`, { headers: auth, signal: timeout() })
  ).json();
  const listed = (first as { items?: unknown[] }).items?.length ?? 0;
  const lists = { concurrency: 1, durationMs: SECONDS * 1000, maxRequests: 100 };
  await load({ concurrency: 1, durationMs: 3000, maxRequests: 5, request: rawList }); // warm-up
  await load({ concurrency: 1, durationMs: 3000, maxRequests: 5, request: listOnce });
  const rawA = await load({ ...lists, request: rawList });
  const vigilA = await load({ ...lists, request: listOnce });
  const ratioA = vigilA.p99 / rawA.p99;
  console.log(`a) LIST of ${listed} Canaries as JSON, one client`);
  console.log(`   pg + toObject + JSON.stringify: ${fmt(rawA)}`);
  console.log(`   Vigil GET /k8s ...:             ${fmt(vigilA)}`);
  console.log(
    `   p99 ratio ${ratioA.toFixed(2)}x (target <= 5.00x) ${verdict(ratioA <= 5 && listed === ready.canaries && vigilA.errors === 0)}\n`,
  );

  // b) sequential creates
  const statuses = new Map<number, number>();
  const createB = await load({
    concurrency: 1,
    durationMs: 60_000,
    maxRequests: CREATES,
    request: async (i) => {
      const res = await fetch(`${vigil}${collection('bench')}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          apiVersion: `${canary.group}/${canary.version}`,
          kind: canary.kind,
          metadata: { name: `created-${i}` },
          spec: { interval: 30, http: [{ name: 'example', url: 'https://example.com' }] },
        }),
        signal: timeout(),
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      return res.status === 201;
    },
  });
  const created = statuses.get(201) ?? 0;
  console.log(`b) ${CREATES} sequential creates (POST, one client)`);
  console.log(`   Vigil POST /k8s ...: ${fmt(createB)}`);
  console.log(
    `   ${createB.rps.toFixed(0)} creates/s, p95 ${createB.p95.toFixed(2)} ms; answers ${[...statuses].map(([s, n]) => `${n}x ${s}`).join(', ')} ${verdict(created === CREATES)}\n`,
  );

  // c) watch fan-out, from client processes of their own (k8sWatchWorker.ts)
  const WORKERS = 4;
  const workers = await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      const w = fork(path.join(import.meta.dirname, 'k8sWatchWorker.ts'), {
        execArgv: ['--import', 'tsx'],
      });
      await within(
        new Promise((resolve) => w.once('message', resolve)),
        30_000,
        'a watch client process to start',
      );
      return w;
    }),
  );
  const next = (w: (typeof workers)[number], type: string) =>
    new Promise<{ type: string; times?: number[]; error?: string }>((resolve, reject) => {
      const on = (m: { type: string; times?: number[]; error?: string }) => {
        if (m.type === 'error') reject(new Error(m.error));
        else if (m.type === type) resolve(m);
        else return;
        w.off('message', on);
      };
      w.on('message', on);
    });
  const target = 'canary-00001';
  let interval = 30;
  /**
   * Opens `n` watches at the current version (one client process for a single watch, all of
   * them for more), PATCHes once, and returns each delivery latency: from sending the PATCH to
   * the MODIFIED event's arrival at each watcher, on one clock. (Measured from the PATCH's
   * response instead, the event often arrives first: the reference point would be noise.)
   */
  const deliveries = async (n: number): Promise<number[]> => {
    const res = await fetch(`${vigil}${collection('default')}?limit=1`, {
      headers: auth,
      signal: timeout(),
    });
    const rv = ((await res.json()) as { metadata: { resourceVersion: string } }).metadata
      .resourceVersion;
    const used = workers.slice(0, n === 1 ? 1 : WORKERS);
    const share = (i: number) => Math.floor(n / used.length) + (i < n % used.length ? 1 : 0);
    const connected = used.map((w) => next(w, 'connected'));
    const modified = used.map((w) => next(w, 'modified'));
    used.forEach((w, i) =>
      w.send({
        cmd: 'open',
        port: ready.port,
        path: `${collection('default')}?watch=true&resourceVersion=${rv}`,
        headers: auth,
        name: target,
        count: share(i),
      }),
    );
    try {
      await within(Promise.all(connected), 30_000, `${n} watches to connect`);
      const sent = performance.timeOrigin + performance.now();
      const patch = await fetch(`${vigil}${collection('default')}/${target}`, {
        method: 'PATCH',
        headers: { ...auth, 'Content-Type': 'application/merge-patch+json' },
        body: JSON.stringify({ spec: { interval: ++interval } }),
        signal: timeout(),
      });
      await patch.arrayBuffer();
      if (patch.status !== 200) throw new Error(`the PATCH answered ${patch.status}`);
      const times = (
        await within(Promise.all(modified), 30_000, `the MODIFIED event at ${n} watchers`)
      ).flatMap((m) => m.times ?? []);
      return times.map((t) => t - sent).sort((a, b) => a - b);
    } finally {
      for (const w of used) w.send({ cmd: 'close' });
    }
  };
  // Warm-up at both sizes, as the single watcher always had: the first watch starts the server's
  // LISTEN connection, and the first fan-out to 100 runs on code paths not yet optimised.
  await deliveries(1);
  await deliveries(WATCHERS);
  // One delivery is one sample: the baseline is the median of several single-watcher rounds.
  const singles: number[] = [];
  for (let i = 0; i < SINGLE_ROUNDS; i++) singles.push(...(await deliveries(1)));
  singles.sort((a, b) => a - b);
  const single = percentile(singles, 50);
  const fanout = await deliveries(WATCHERS);
  const ratioC = percentile(fanout, 99) / single;
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  console.log(
    `c) ${WATCHERS} concurrent watchers, one merge-patch, delivery of the MODIFIED event`,
  );
  console.log(
    `   1 watcher, ${SINGLE_ROUNDS} rounds: median ${ms(single)} (min ${ms(singles[0] as number)}, max ${ms(singles[singles.length - 1] as number)})`,
  );
  console.log(
    `   ${WATCHERS} watchers: ${fanout.length} delivered, min ${ms(fanout[0] as number)}, p50 ${ms(percentile(fanout, 50))}, p95 ${ms(percentile(fanout, 95))}, p99 ${ms(percentile(fanout, 99))}`,
  );
  console.log(
    `   p99 ratio ${ratioC.toFixed(2)}x (target <= 10.00x) ${verdict(ratioC <= 10 && fanout.length === WATCHERS)}`,
  );
  for (const w of workers) w.send({ cmd: 'exit' });
} catch (error) {
  failed = true;
  console.error(`\nthe benchmark stopped early: ${(error as Error).message}`);
} finally {
  await pool.end();
  await stopServers();
}
console.log(failed ? '\nsome targets were missed' : '\nall targets met');
process.exitCode = failed ? 1 : 0;
