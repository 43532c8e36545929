/**
 * Benchmark of the notification engine (issue: notifications): 10,000 events in a burst against
 * 20 rules, every event must get exactly its expected history rows (0 lost, 0 duplicated); then
 * event-to-delivery p99 must be <= 1 s at a steady 100 events/s to a loopback webhook.
 *
 * Vigil as `npm start` runs it: the NotificationEngine with its default options (event queue
 * consumer: concurrency 2, poll 1 s, LISTEN; dispatcher: concurrency 20, poll 1 s) on a pool as
 * createPool makes it, logging through pino at info (as the server does) to /dev/null — its cost
 * is measured, its lines are not printed — on an embedded PostgreSQL in a temporary directory.
 * The events are what a health check writes: checks.status flipping from healthy to unhealthy
 * (0012/0032/0033: check.failed {id}, queued for consumer 'notification' when a rule asks for
 * it; one check per event, as the queue folds equal events together). The bench's own writes and
 * reads go through a second pool, so they do not take the engine's connections.
 *
 * Burst: 20 rules (16 with a label filter, one per bucket; one for every failure; one for web
 * checks, one for db checks; one for recoveries only), each with its own path on a loopback
 * webhook (generic+http://…?template=json), so each failure is evaluated by 19 rules and sent
 * by exactly 3. EVENTS healthy checks are inserted, the engine started, then all are turned
 * unhealthy in four UPDATEs. Waited for (at most 300 s) until the queue is empty and no history
 * row is open; then, per rule and check: exactly one history row, `sent`, count 1, where the rule
 * wants the check, none where it does not; and the webhook got exactly one message per (rule,
 * check) — told apart by the path and the check's link in the message.
 *
 * Latency: one rule to the webhook; per round, RATE checks a second are turned unhealthy for
 * SECONDS, one UPDATE each at a fixed pace (not waiting for one another); event-to-delivery =
 * when the webhook had read the message - when the UPDATE was issued. The baseline, interleaved
 * before each round: the same webhook POSTs made directly with the client the engine sends with
 * (notify's send()), at the same pace. PASS/FAIL on the median round's p99, min and max printed
 * (a neighbour's burst on this small machine moves one round, not the verdict), and no message
 * may be lost or sent twice in any round. Warmed first; bounded; cleans up after itself.
 *
 * Run: npx tsx hack/bench/notifications.ts
 *   (BENCH_EVENTS, default 10000; BENCH_ROUNDS, default 3; BENCH_SECONDS per round, default 20)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { startEmbeddedPostgres } from '../../operator/src/db/embeddedPostgres.js';
import { migrate } from '../../operator/src/db/migrate.js';
import { createPool, type Pool } from '../../operator/src/db/pool.js';
import { NotificationEngine } from '../../operator/src/notifications/engine.js';
import { OPEN_STATUSES } from '../../operator/src/notifications/types.js';
import { send, targetFromUrl } from '../../operator/src/notify/index.js';
import { silentLog } from '../../operator/src/testing/testDatabase.js';
import { percentile } from './load.js';
import { BURST_RULES, insertChecks, insertRule, startReceiver } from './notificationsSeed.js';

const num = (v: string | undefined, dflt: number, min: number, max: number) =>
  Math.max(min, Math.min(Number(v ?? dflt) || dflt, max));
const EVENTS = num(process.env.BENCH_EVENTS, 10_000, 100, 50_000);
const ROUNDS = num(process.env.BENCH_ROUNDS, 3, 1, 20);
const SECONDS = num(process.env.BENCH_SECONDS, 20, 5, 120);
/** Events a second in the latency rounds. */
const RATE = 100;
const TARGET_MS = 1000;
/** The burst is given this long to be decided and sent. */
const DRAIN_MS = 300_000;
/** After a round's last event, how long its messages may take before the rest count as lost. */
const ARRIVE_MS = 30_000;
/** Events (and baseline POSTs) to warm up with before the latency rounds. */
const WARM = 200;
const BURST_UPDATES = 4;
const CONSUMER_MAX_ATTEMPTS = 5;

const ms = (t0: number) => performance.now() - t0;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '∞');
const f1 = (x: number) => x.toFixed(1);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const p = (xs: number[], q: number) => percentile(sorted(xs), q);
const stats = (xs: number[]) => {
  const s = sorted(xs);
  return {
    min: s[0] as number,
    median: s[Math.floor(s.length / 2)] as number,
    max: s[s.length - 1] as number,
  };
};
/** "p50 / p95 / p99 / max" of xs, in ms. */
const dist = (xs: number[]) =>
  `p50 ${f1(p(xs, 50))} / p95 ${f1(p(xs, 95))} / p99 ${f1(p(xs, 99))} / max ${f1(p(xs, 100))} ms`;

// Logs as `npm start` writes them (pino at info), sent to /dev/null.
const log = pino({ level: 'info', base: { service: 'vigil' } }, pino.destination('/dev/null'));

interface Database {
  /** The engine's pool, as the server makes it. */
  pool: Pool;
  /** The bench's own: the events' writes and the checks on them. */
  bench: Pool;
  stop(): Promise<void>;
}

async function database(name: string): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vigil-bench-notifications-${name}-`));
  fs.chmodSync(dir, 0o755);
  try {
    // Setup only (PostgreSQL's start-up and the migrations): its logs are not measured.
    const db = await startEmbeddedPostgres(dir, silentLog);
    const pool = createPool(db.url, log);
    const bench = createPool(db.url);
    await migrate(bench, silentLog);
    return {
      pool,
      bench,
      async stop() {
        await pool.end();
        await bench.end();
        await db.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

const startEngine = (pool: Pool) =>
  new NotificationEngine({
    pool,
    log: log.child({ component: 'notifications' }),
    // What server.ts uses without a public URL: links in messages point here.
    baseUrl: 'http://localhost:8080',
  });

interface Backlog {
  /** Events of consumer 'notification' still to be decided (failed attempts to retry included). */
  queued: number;
  /** Events given up after the consumer's last attempt. */
  failed: number;
  /** History rows still to be sent. */
  open: number;
}

async function backlog(bench: Pool): Promise<Backlog> {
  const { rows } = await bench.query<Backlog>(
    `SELECT (SELECT count(*)::int FROM event_queue
              WHERE name LIKE 'notification:%' AND coalesce(attempts, 0) < $2) AS queued,
            (SELECT count(*)::int FROM event_queue
              WHERE name LIKE 'notification:%' AND coalesce(attempts, 0) >= $2) AS failed,
            (SELECT count(*)::int FROM notification_send_history WHERE status = ANY($1)) AS open`,
    [OPEN_STATUSES, CONSUMER_MAX_ATTEMPTS],
  );
  return rows[0] as Backlog;
}

/** Waits (at most `limitMs`) until nothing is queued or open. */
async function idle(bench: Pool, limitMs: number): Promise<boolean> {
  const t0 = performance.now();
  while (ms(t0) < limitMs) {
    const b = await backlog(bench);
    if (b.queued === 0 && b.open === 0) return true;
    await sleep(100);
  }
  return false;
}

/** 10,000 failures at once against 20 rules: every expected send made once, nothing else. */
async function burst(): Promise<boolean> {
  const { pool, bench, stop } = await database('burst');
  const receiver = await startReceiver();
  const engine = startEngine(pool);
  let stopped: Promise<void> | undefined;
  const stopEngine = () => (stopped ??= engine.stop());
  try {
    const ruleIds: string[] = [];
    for (const r of BURST_RULES)
      ruleIds.push(await insertRule(bench, { ...r, url: receiver.hook(r.name) }));
    const ts = performance.now();
    const ids = await insertChecks(bench, 'burst', EVENTS);
    const expected = BURST_RULES.reduce(
      (n, r) => n + ids.reduce((m, _, i) => m + (r.wants(i) ? 1 : 0), 0),
      0,
    );
    console.log(
      `notifications: burst of ${EVENTS} events against ${BURST_RULES.length} rules (${ids.length} healthy checks inserted in ${f0(ms(ts))} ms); ` +
        `${expected} sends expected (${f1(expected / EVENTS)} per event, each event evaluated by ${BURST_RULES.filter((r) => r.events.some((e) => e === 'check.failed' || e === 'check.*')).length} rules)`,
    );
    await engine.start();

    const t0 = performance.now();
    const per = Math.ceil(ids.length / BURST_UPDATES);
    for (let from = 0; from < ids.length; from += per)
      await bench.query(`UPDATE checks SET status = 'unhealthy' WHERE id = ANY($1::uuid[])`, [
        ids.slice(from, from + per),
      ]);
    const flipped = ms(t0);
    const queuedAtStart = (await backlog(bench)).queued;
    console.log(
      `   all ${ids.length} checks turned unhealthy in ${BURST_UPDATES} UPDATEs in ${f1(flipped / 1000)} s; ${queuedAtStart} events still queued when the last returned`,
    );

    let decided: number | undefined;
    let drained: number | undefined;
    let last: Backlog = { queued: queuedAtStart, failed: 0, open: 0 };
    let shown = performance.now();
    while (ms(t0) < DRAIN_MS) {
      // Each look counts the queue: not too often, so as not to slow what it watches.
      await sleep(250);
      last = await backlog(bench);
      if (last.queued === 0) decided ??= ms(t0);
      if (last.queued === 0 && last.open === 0) {
        drained = ms(t0);
        break;
      }
      if (ms(shown) >= 15_000) {
        shown = performance.now();
        console.log(
          `   … ${f0(ms(t0) / 1000)} s: ${last.queued} events to decide, ${last.open} sends open, ${receiver.total()} messages received`,
        );
      }
    }
    if (decided !== undefined)
      console.log(
        `   decided all events in ${f1(decided / 1000)} s (${f0(EVENTS / (decided / 1000))} events/s)` +
          (drained !== undefined
            ? `; all sent in ${f1(drained / 1000)} s (${f0(expected / (drained / 1000))} sends/s, ${f0(EVENTS / (drained / 1000))} events/s end to end)`
            : ''),
      );
    if (drained === undefined)
      console.log(
        `   gave up after ${DRAIN_MS / 1000} s: ${last.queued} events to decide, ${last.failed} given up, ${last.open} sends open`,
      );
    await stopEngine();

    // Every (rule, check): the history rows it got, as Notifications → History shows them.
    const ruleOf = new Map(ruleIds.map((id, k) => [id, k]));
    const checkOf = new Map(ids.map((id, i) => [id, i]));
    const { rows } = await bench.query<{
      notification_id: string;
      resource_id: string;
      status: string;
      count: number;
      source_event: string;
    }>(
      `SELECT notification_id, resource_id::text, status, count, source_event
         FROM notification_send_history`,
    );
    const byPair = new Map<string, typeof rows>();
    const statuses = new Map<string, number>();
    let strays = 0;
    for (const r of rows) {
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      const k = ruleOf.get(r.notification_id);
      const i = checkOf.get(r.resource_id);
      if (k === undefined || i === undefined) {
        strays++;
        continue;
      }
      const key = `${k} ${i}`;
      byPair.set(key, [...(byPair.get(key) ?? []), r]);
    }
    let exact = 0;
    let lost = 0;
    let duplicated = 0;
    let unexpected = strays;
    let heard = 0;
    let notHeard = 0;
    let heardTwice = 0;
    BURST_RULES.forEach((rule, k) => {
      ids.forEach((id, i) => {
        const got = byPair.get(`${k} ${i}`) ?? [];
        const hits = receiver.hits.get(`${rule.name} ${id}`) ?? 0;
        if (!rule.wants(i)) {
          unexpected += got.length;
          return;
        }
        heard += hits;
        if (hits === 0) notHeard++;
        if (hits > 1) heardTwice++;
        const sent = got.filter((r) => r.status === 'sent');
        if (sent.length === 0) lost++;
        else if (got.length > 1 || (sent[0]?.count ?? 0) !== 1) duplicated++;
        else if (sent[0]?.source_event === 'check.failed') exact++;
      });
    });
    const strayMessages = receiver.total() - heard;
    const ok =
      drained !== undefined &&
      exact === expected &&
      lost === 0 &&
      duplicated === 0 &&
      unexpected === 0 &&
      notHeard === 0 &&
      heardTwice === 0 &&
      strayMessages === 0;
    // Not drained: what is missing may still be on its way, so it is not called lost.
    const missing = drained === undefined ? 'not sent yet' : 'lost';
    const statusText = [...statuses].map(([s, n]) => `${n} ${s}`).join(', ') || 'none';
    console.log(
      `${ok ? 'PASS' : 'FAIL'} burst of ${EVENTS} events against ${BURST_RULES.length} rules: history ${rows.length} rows (${statusText}); ` +
        `${exact} of ${expected} (rule, check) pairs with exactly their one sent row, ${lost} ${missing}, ${duplicated} duplicated, ${unexpected} unexpected rows; ` +
        `webhook ${receiver.total()} messages: ${notHeard} ${missing}, ${heardTwice} sent more than once, ${strayMessages} unexpected; ` +
        (drained !== undefined
          ? `drained in ${f1(drained / 1000)} s`
          : `not drained within ${DRAIN_MS / 1000} s`),
    );
    return ok;
  } finally {
    await stopEngine();
    await receiver.close();
    await stop();
  }
}

/**
 * Calls `fire(j)` for j < n at RATE a second from now, each on its own time, not waiting for
 * the earlier ones (an open loop, as check results come in); answers the rate achieved and the
 * calls that failed, once all have settled.
 */
async function paced(
  n: number,
  fire: (j: number) => Promise<unknown>,
): Promise<{ rate: number; failures: number; lastAt: number }> {
  const pending: Promise<unknown>[] = [];
  let failures = 0;
  const t0 = performance.now();
  let lastAt = t0;
  for (let j = 0; j < n; j++) {
    const wait = t0 + (j * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    lastAt = performance.now();
    pending.push(
      fire(j).catch(() => {
        failures++;
      }),
    );
  }
  await Promise.all(pending);
  return { rate: n > 1 ? ((n - 1) * 1000) / (lastAt - t0) : RATE, failures, lastAt };
}

interface Round {
  latencies: number[];
  lost: number;
  twice: number;
  failures: number;
  rate: number;
}

/** Waits until every key has arrived at the receiver, or ARRIVE_MS after the last was sent. */
async function arrivals(
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  sentAt: Map<string, number>,
  lastAt: number,
): Promise<{ latencies: number[]; lost: number; twice: number }> {
  while (ms(lastAt) < ARRIVE_MS && [...sentAt.keys()].some((k) => !receiver.firstAt.has(k)))
    await sleep(50);
  const latencies: number[] = [];
  let lost = 0;
  let twice = 0;
  for (const [key, at] of sentAt) {
    const got = receiver.firstAt.get(key);
    if (got === undefined) lost++;
    else latencies.push(got - at);
    if ((receiver.hits.get(key) ?? 0) > 1) twice++;
  }
  return { latencies, lost, twice };
}

/** A steady RATE of events against one rule: how long each takes to reach the webhook. */
async function latency(): Promise<boolean> {
  const { pool, bench, stop } = await database('latency');
  const receiver = await startReceiver();
  const engine = startEngine(pool);
  try {
    await insertRule(bench, {
      name: 'latency',
      events: ['check.failed'],
      url: receiver.hook('vigil'),
    });
    const perRound = RATE * SECONDS;
    const ids = await insertChecks(bench, 'latency', WARM + ROUNDS * perRound);
    await engine.start();
    const direct = targetFromUrl(receiver.hook('baseline'));

    let used = 0;
    const vigil = async (n: number): Promise<Round> => {
      const mine = ids.slice(used, used + n);
      used += n;
      const sentAt = new Map<string, number>();
      const { rate, failures, lastAt } = await paced(n, (j) => {
        const id = mine[j] as string;
        sentAt.set(`vigil ${id}`, performance.now());
        return bench.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [id]);
      });
      const got = await arrivals(receiver, sentAt, lastAt);
      await idle(bench, ARRIVE_MS);
      return { ...got, failures, rate };
    };
    let baselineNo = 0;
    const baseline = async (n: number): Promise<Round> => {
      const sentAt = new Map<string, number>();
      const { rate, failures, lastAt } = await paced(n, () => {
        const key = `b-${++baselineNo}`;
        sentAt.set(`baseline ${key}`, performance.now());
        // The message the rule would send, as a direct POST with the engine's own client.
        return send(
          direct,
          {
            title: `Check check-${key} is unhealthy`,
            body: `**check-${key}** (http) in canary default/latency is **unhealthy**.\n\n\n\n[Open in Vigil](http://localhost:8080/health?checkId=${key})`,
          },
          { signal: AbortSignal.timeout(30_000) },
        );
      });
      const got = await arrivals(receiver, sentAt, lastAt);
      return { ...got, failures, rate };
    };

    await baseline(WARM);
    await vigil(WARM);
    console.log(
      `notifications: event-to-delivery at a steady ${RATE} events/s, one rule to a loopback webhook: ${ROUNDS} rounds of ${perRound} events (${SECONDS} s), each after ${perRound} direct POSTs at the same pace`,
    );
    const p99s: number[] = [];
    const ratios: number[] = [];
    let bad = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const b = await baseline(perRound);
      const v = await vigil(perRound);
      const ratio = p(v.latencies, 99) / p(b.latencies, 99);
      p99s.push(v.lost ? Infinity : p(v.latencies, 99));
      ratios.push(ratio);
      bad += v.lost + v.twice + v.failures + b.lost + b.twice + b.failures;
      console.log(
        `   round ${round + 1}: direct POSTs at ${f1(b.rate)}/s: ${dist(b.latencies)}${b.lost + b.failures ? `, ${b.lost} not delivered in time, ${b.failures} failed` : ''}; ` +
          `Vigil at ${f1(v.rate)} events/s: ${dist(v.latencies)}, ${v.lost} not delivered within ${ARRIVE_MS / 1000} s, ${v.twice} sent twice${v.failures ? `, ${v.failures} UPDATEs failed` : ''}; p99 ratio ${f1(ratio)}x`,
      );
    }

    // Where the time goes, from the database's clock: the flip (last_transition_time) to the
    // event's decision (the history row's created_at, its claim transaction's start).
    const { rows } = await bench.query<{ ms: number }>(
      `SELECT extract(epoch FROM h.created_at - c.last_transition_time) * 1000 AS ms
         FROM notification_send_history h JOIN checks c ON c.id = h.resource_id
        WHERE c.id = ANY($1::uuid[])`,
      [ids.slice(WARM, used)],
    );
    const { rows: hist } = await bench.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM notification_send_history
        WHERE resource_id = ANY($1::uuid[]) GROUP BY status ORDER BY status`,
      [ids.slice(WARM, used)],
    );
    const sentRows = hist.find((h) => h.status === 'sent')?.n ?? 0;
    const histOk = sentRows === used - WARM && hist.length === 1;
    console.log(
      `   flip to decision (database clock, all ${rows.length} events): ${dist(rows.map((r) => r.ms))}; history of the rounds: ${hist.map((h) => `${h.n} ${h.status}`).join(', ')}`,
    );
    const s = stats(p99s);
    const r = stats(ratios);
    console.log(
      `   p99 ratio (Vigil event-to-delivery / direct POST): min ${f1(r.min)}x / median ${f1(r.median)}x / max ${f1(r.max)}x`,
    );
    const ok = s.median <= TARGET_MS && bad === 0 && histOk;
    console.log(
      `${ok ? 'PASS' : 'FAIL'} event-to-delivery p99 at a steady ${RATE} events/s: min ${f0(s.min)} / median ${f0(s.median)} / max ${f0(s.max)} ms over ${ROUNDS} rounds (target <= ${TARGET_MS} ms, on the median round; ∞: a round with messages not delivered within ${ARRIVE_MS / 1000} s); ` +
        `${bad} not delivered in time, sent twice or failed${histOk ? '' : `; history not one sent row per event`}`,
    );
    return ok;
  } finally {
    await engine.stop();
    await receiver.close();
    await stop();
  }
}

let pass = await burst();
pass = (await latency()) && pass;
process.exitCode = pass ? 0 : 1;
