/**
 * The load generator of the agents benchmark (hack/bench/agents.ts), in a process of its own so
 * it does not share an event loop with the central Vigil or with the orchestrator. It plays a
 * share of the simulated agents and answers one command at a time over IPC:
 *   paced  - each agent behaves like the real pusher (operator/src/agents/pusher.ts): check
 *            results accumulate at `rate` per second whether or not pushes succeed; a cycle sends
 *            everything waiting, in pushes of at most `pushRows` rows, one push at a time, and
 *            the next cycle starts `intervalMs` after this one ended. Then whatever is still
 *            waiting is drained, so every generated result reaches the central Vigil.
 *   burst  - closed loop, one stream per agent, batches of `pushRows` back to back (for a time,
 *            or a number of batches):
 *            http  (POST /api/upstream/push), noop (the same pushes to a sink that drops them:
 *            the generator's own limit), floor (one multi-row INSERT per batch through pg),
 *            sql   (the central's Ingest.apply through pg: its SQL without HTTP and JSON).
 * Every agent draws result indexes from one counter, so no (check_id, time) repeats across modes.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Ingest } from '../../operator/src/agents/ingest.js';

export interface AgentSpec {
  /** Index among all agents (for staggering the first cycle across the interval). */
  index: number;
  name: string;
  agentId: string;
  token: string;
  checkIds: string[];
}

export interface Init {
  cmd: 'init';
  base: string;
  dbUrl: string;
  agents: AgentSpec[];
  totalAgents: number;
  rate: number;
  intervalMs: number;
  pushRows: number;
}

export interface Push {
  /** seconds since the phase started */
  t: number;
  agent: number;
  rows: number;
  ms: number;
  ok: boolean;
  status: number;
}

export interface Usage {
  /** event-loop utilisation of this process over the phase, 0..1 */
  elu: number;
  /** CPU seconds this process used over the phase */
  cpu: number;
  seconds: number;
}

export interface PacedResult extends Usage {
  type: 'paced';
  /** every push started in the window (the ones in flight at its end are waited for) */
  pushes: Push[];
  /** each cycle: when it ended, results still waiting then, rows it sent, how long it took */
  cycles: { t: number; agent: number; residual: number; sent: number; ms: number }[];
  /** every second: results waiting over this worker's agents */
  samples: { t: number; total: number }[];
  /**
   * Per agent, the fewest results waiting (generated, not yet accepted) at any moment of the
   * first and of the last windows: the low point of the saw-tooth, right after a cycle.
   */
  troughs: { agent: number; start: number; end: number; peak: number }[];
  /** results generated during the window, and accepted by pushes ending in it / after it */
  generated: number;
  acceptedInWindow: number;
  accepted: number;
  /** results still waiting after the window, pushed afterwards, and what the drain left */
  drained: number;
  drainErrors: number;
  leftWaiting: number;
}

export interface BurstResult extends Usage {
  type: 'burst';
  rows: number;
  errors: number;
  latencies: number[];
  firstError?: string;
}

type Mode = 'http' | 'noop' | 'floor' | 'sql';
type Command =
  | Init
  | {
      cmd: 'paced';
      durationMs: number;
      windows: { start: [number, number]; end: [number, number] };
      drainMs: number;
    }
  | { cmd: 'burst'; mode: Mode; durationMs: number; url?: string; batches?: number }
  | { cmd: 'exit' };

interface Agent extends AgentSpec {
  /** the next result index not yet accepted (paced) or not yet sent (burst) */
  next: number;
}

let cfg: Init;
let agents: Agent[] = [];
let pool: pg.Pool | undefined;
let ingest: Ingest | undefined;
let epochUs = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** An ISO time with microseconds (JavaScript dates stop at milliseconds). */
function isoUs(us: number): string {
  const iso = new Date(Math.floor(us / 1000)).toISOString();
  return `${iso.slice(0, -1)}${String(Math.floor(us % 1000)).padStart(3, '0')}Z`;
}

/**
 * Result `k` of an agent, shaped as the real pusher sends it (to_jsonb of the agent's
 * check_statuses row without is_pushed): its checks in turn, `rate` a second, one in 20 failing.
 */
function row(a: Agent, k: number): Record<string, unknown> {
  const time = isoUs(epochUs + (k * 1e6) / cfg.rate);
  const fail = k % 20 === 7;
  return {
    check_id: a.checkIds[k % a.checkIds.length],
    details: null,
    duration: 5 + ((k * 37) % 195),
    error: fail ? 'expected status 200, got 503' : null,
    time,
    created_at: time,
    invalid: false,
    message: fail ? 'HTTP 503 Service Unavailable' : 'HTTP 200 OK',
    status: !fail,
    severity: null,
  };
}

const rows = (a: Agent, from: number, n: number) =>
  Array.from({ length: n }, (_, i) => row(a, from + i));

const COLUMNS = [
  'check_id',
  'details',
  'duration',
  'error',
  'time',
  'created_at',
  'invalid',
  'message',
  'status',
  'severity',
] as const;
const insertSql = new Map<number, string>();
/** One multi-row INSERT of the batch: the database floor. */
async function insertFloor(batch: Record<string, unknown>[]): Promise<void> {
  const n = batch.length;
  let sql = insertSql.get(n);
  if (!sql) {
    const values = Array.from(
      { length: n },
      (_, r) => `(${COLUMNS.map((_c, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`,
    );
    sql = `INSERT INTO check_statuses (${COLUMNS.join(', ')}) VALUES ${values.join(', ')}`;
    insertSql.set(n, sql);
  }
  const params: unknown[] = [];
  for (const r of batch) for (const c of COLUMNS) params.push(r[c]);
  await (pool as pg.Pool).query(sql, params);
}

/** One push to the central Vigil (or the sink); ok only when every row was accepted. */
async function push(
  base: string,
  a: Agent,
  batch: Record<string, unknown>[],
  checkAccepted: boolean,
): Promise<{ ok: boolean; status: number; error?: string }> {
  try {
    const res = await fetch(`${base}/api/upstream/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ check_statuses: batch }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    if (!res.ok) return { ok: false, status: res.status, error: `${res.status} ${text}` };
    if (!checkAccepted) return { ok: true, status: res.status };
    const body = JSON.parse(text) as { accepted?: { check_statuses?: number } };
    const accepted = body.accepted?.check_statuses ?? 0;
    return accepted === batch.length
      ? { ok: true, status: res.status }
      : {
          ok: false,
          status: res.status,
          error: `accepted ${accepted} of ${batch.length}: ${text}`,
        };
  } catch (error) {
    return { ok: false, status: 0, error: (error as Error).message };
  }
}

function usage(elu0: ReturnType<typeof performance.eventLoopUtilization>, cpu0: NodeJS.CpuUsage) {
  const cpu = process.cpuUsage(cpu0);
  const elu = performance.eventLoopUtilization(elu0);
  return { elu: elu.utilization, cpu: (cpu.user + cpu.system) / 1e6 };
}

async function paced(
  durationMs: number,
  windows: { start: [number, number]; end: [number, number] },
  drainMs: number,
): Promise<PacedResult> {
  const { rate, intervalMs, pushRows, base } = { ...cfg };
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const stopAt = start + durationMs;
  const since = (t: number) => (t - start) / 1000;
  const baseIndex = new Map(agents.map((a) => [a, a.next]));
  /** Results agent `a` has produced by `t`: they accumulate whatever happens to the pushes. */
  const produced = (a: Agent, t: number) =>
    (baseIndex.get(a) as number) + Math.floor((rate * (Math.min(t, stopAt) - start)) / 1000);
  const pushes: Push[] = [];
  const cycles: PacedResult['cycles'] = [];
  const samples: PacedResult['samples'] = [];
  const troughs = new Map(
    agents.map((a) => [a, { agent: a.index, start: Infinity, end: Infinity, peak: 0 }]),
  );
  const within = (t: number, [from, to]: [number, number]) => t >= from && t <= to;
  const observe = (a: Agent, now: number) => {
    const t = since(now);
    const waiting = produced(a, now) - a.next;
    const tr = troughs.get(a) as { start: number; end: number; peak: number };
    if (within(t, windows.start)) tr.start = Math.min(tr.start, waiting);
    if (within(t, windows.end)) tr.end = Math.min(tr.end, waiting);
    tr.peak = Math.max(tr.peak, waiting);
    return waiting;
  };
  let tick = 0;
  const sampler = setInterval(() => {
    const now = performance.now();
    if (now > stopAt) return;
    const waiting = agents.map((a) => observe(a, now));
    if (++tick % 4 === 0)
      samples.push({ t: since(now), total: waiting.reduce((x, y) => x + y, 0) });
  }, 250);
  let acceptedInWindow = 0;

  await Promise.all(
    agents.map(async (a) => {
      // Agents start at different moments, as real ones do: spread over the first interval.
      await sleep(((a.index + 1) / cfg.totalAgents) * intervalMs);
      while (performance.now() < stopAt) {
        const c0 = performance.now();
        let sent = 0;
        // A cycle: everything waiting, oldest first, in pushes of at most pushRows rows; a
        // failed push ends the cycle and its rows wait for the next one (as in Pusher.cycle).
        // No push starts after the window; one in flight then is waited for.
        while (performance.now() < stopAt) {
          const n = Math.min(pushRows, produced(a, performance.now()) - a.next);
          if (n <= 0) break;
          const batch = rows(a, a.next, n);
          const t0 = performance.now();
          const r = await push(base, a, batch, true);
          const t1 = performance.now();
          pushes.push({
            t: since(t0),
            agent: a.index,
            rows: n,
            ms: t1 - t0,
            ok: r.ok,
            status: r.status,
          });
          if (!r.ok) break;
          a.next += n;
          sent += n;
          if (t1 <= stopAt) acceptedInWindow += n;
          if (n < pushRows) break;
        }
        const end = performance.now();
        const residual = observe(a, end);
        cycles.push({ t: since(end), agent: a.index, residual, sent, ms: end - c0 });
        // The next cycle is scheduled an interval after this one ended (Pusher.schedule).
        if (end + intervalMs >= stopAt) break;
        await sleep(intervalMs);
      }
    }),
  );
  await sleep(stopAt - performance.now());
  clearInterval(sampler);
  const { elu, cpu } = usage(elu0, cpu0);
  const seconds = (performance.now() - start) / 1000;
  const accepted = agents.reduce((x, a) => x + a.next - (baseIndex.get(a) as number), 0);
  const generated = agents.reduce(
    (x, a) => x + produced(a, stopAt) - (baseIndex.get(a) as number),
    0,
  );

  // Drain, for a bounded time: what was generated in the window but is still waiting goes now,
  // every agent at once, so the central row count can be held against every result generated.
  // Not part of any latency figure.
  let drained = 0;
  let drainErrors = 0;
  const drainUntil = performance.now() + drainMs;
  await Promise.all(
    agents.map(async (a) => {
      const last = produced(a, stopAt);
      while (a.next < last && performance.now() < drainUntil) {
        const n = Math.min(pushRows, last - a.next);
        const r = await push(base, a, rows(a, a.next, n), true);
        if (r.ok) {
          a.next += n;
          drained += n;
        } else drainErrors++;
      }
    }),
  );
  const leftWaiting = agents.reduce((x, a) => x + produced(a, stopAt) - a.next, 0);
  // What is left waiting is given up (not pushed later): later phases draw new indexes.
  for (const a of agents) a.next = Math.max(a.next, produced(a, stopAt));
  return {
    type: 'paced',
    pushes,
    cycles,
    samples,
    troughs: [...troughs.values()],
    generated,
    acceptedInWindow,
    accepted,
    drained,
    drainErrors,
    leftWaiting,
    elu,
    cpu,
    seconds,
  };
}

async function burst(
  mode: Mode,
  durationMs: number,
  url?: string,
  batches = Infinity,
): Promise<BurstResult> {
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const deadline = start + durationMs;
  const latencies: number[] = [];
  let okRows = 0;
  let errors = 0;
  let firstError: string | undefined;
  await Promise.all(
    agents.map(async (a) => {
      for (let i = 0; i < batches && performance.now() < deadline; i++) {
        const from = a.next;
        a.next += cfg.pushRows;
        const batch = rows(a, from, cfg.pushRows);
        const t0 = performance.now();
        let ok = true;
        let error: string | undefined;
        if (mode === 'http' || mode === 'noop') {
          const r = await push(
            mode === 'noop' ? (url as string) : cfg.base,
            a,
            batch,
            mode === 'http',
          );
          ok = r.ok;
          error = r.error;
        } else {
          try {
            if (mode === 'floor') await insertFloor(batch);
            else {
              const res = await (ingest as Ingest).apply(
                { id: a.agentId, name: a.name, labels: {} },
                { check_statuses: batch },
              );
              ok = res.accepted.check_statuses === batch.length;
            }
          } catch (e) {
            ok = false;
            error = (e as Error).message;
          }
        }
        latencies.push(performance.now() - t0);
        if (ok) okRows += batch.length;
        else {
          errors++;
          firstError ??= error;
        }
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    type: 'burst',
    rows: okRows,
    errors,
    latencies,
    ...(firstError ? { firstError } : {}),
    ...usage(elu0, cpu0),
    seconds,
  };
}

process.on('message', (m: Command) => {
  const reply = (p: Promise<unknown>) =>
    p.then(
      (r) => process.send?.(r),
      (e: unknown) => process.send?.({ type: 'error', error: String(e) }),
    );
  if (m.cmd === 'init') {
    cfg = m;
    agents = m.agents.map((a) => ({ ...a, next: 0 }));
    epochUs = Date.now() * 1000;
    // The central's own statement limit (operator/src/db/pool.ts), so no batch runs forever.
    pool = new pg.Pool({
      connectionString: m.dbUrl,
      max: Math.max(1, m.agents.length),
      statement_timeout: 30_000,
    });
    pool.on('error', () => undefined);
    ingest = new Ingest(pool);
    process.send?.({ type: 'ready' });
  } else if (m.cmd === 'paced') reply(paced(m.durationMs, m.windows, m.drainMs));
  else if (m.cmd === 'burst') reply(burst(m.mode, m.durationMs, m.url, m.batches));
  else void pool?.end().finally(() => process.exit(0));
});
// The orchestrator gone (killed, crashed): nothing is left generating load.
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'started' });
