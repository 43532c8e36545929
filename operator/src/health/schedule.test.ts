import { describe, expect, it } from 'vitest';
import { canarySchedule, hashFraction, scheduleText } from './schedule.js';
import { histogramPercentile, parseMinDuration, parseTime } from './timeRange.js';
import { canaryProblem } from './validate.js';
import { RollingWindow, canaryStatus, uptimeText } from './status.js';

describe('canary schedules', () => {
  it('prefers schedule over interval and pauses on replicas 0, suspend and @never', () => {
    expect(scheduleText({ id: 'a', spec: { schedule: '@every 30s', interval: 10 } })).toBe(
      '@every 30s',
    );
    expect(scheduleText({ id: 'a', spec: { interval: 10 } })).toBe('@every 10s');
    expect(scheduleText({ id: 'a', spec: { interval: 10, replicas: 0 } })).toBeUndefined();
    expect(
      scheduleText({ id: 'a', spec: { interval: 10 }, annotations: { suspend: 'true' } }),
    ).toBeUndefined();
    expect(scheduleText({ id: 'a', spec: { schedule: '@never' } })).toBeUndefined();
    expect(canarySchedule({ id: 'a', spec: { schedule: 'not a cron' } })).toBeUndefined();
  });

  it('keeps @every runs on a stable, spread phase', () => {
    const s = canarySchedule({ id: 'x', spec: { schedule: '@every 1m' } });
    const first = s?.next(1_000_000_000_000) as number;
    expect(first).toBeGreaterThanOrEqual(1_000_000_000_000);
    expect(s?.next(first + 1)).toBe(first + 60_000);
    // 10,000 canaries spread over the minute: no second holds more than 3x its share.
    const perSecond = new Array<number>(60).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const t = canarySchedule({ id: `canary-${i}`, spec: { schedule: '@every 1m' } })?.next(
        0,
      ) as number;
      const second = Math.floor((t % 60_000) / 1000);
      perSecond[second] = (perSecond[second] ?? 0) + 1;
    }
    expect(Math.max(...perSecond)).toBeLessThan((10_000 / 60) * 3);
  });

  it('offsets cron runs by at most 9% of the period', () => {
    const s = canarySchedule({ id: 'y', spec: { schedule: '*/5 * * * *' } });
    const after = Date.UTC(2026, 0, 1, 0, 0, 1);
    const t = s?.next(after) as number;
    const slot = Math.floor(t / 300_000) * 300_000;
    expect(t).toBeGreaterThanOrEqual(after);
    expect(t - slot).toBeLessThanOrEqual(0.09 * 300_000);
    expect(s?.next(t + 1)).toBe(t + 300_000);
    expect(hashFraction('y')).toBeGreaterThanOrEqual(0);
  });
});

describe('time parameters', () => {
  const now = Date.UTC(2026, 10, 22, 10, 30, 15);
  it('reads date math, bare durations and RFC 3339', () => {
    expect(parseTime('now-1h', now).getTime()).toBe(now - 3_600_000);
    expect(parseTime('1h', now).getTime()).toBe(now - 3_600_000);
    expect(parseTime('now-7d/d', now).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(parseTime('now-1M', now).toISOString()).toBe('2026-10-22T10:30:15.000Z');
    expect(parseTime('2026-01-02T03:04:05Z').toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(() => parseTime('yesterday', now)).toThrow(/is not a time/);
    expect(() => parseTime('now-1x', now)).toThrow(/is not a time/);
  });

  it('accepts durations in ms and s only', () => {
    expect(parseMinDuration('500ms')).toBe(500);
    expect(parseMinDuration('2s')).toBe(2000);
    expect(parseMinDuration('250')).toBe(250);
    expect(parseMinDuration('1m')).toBeUndefined();
  });

  it('reads percentiles from a histogram within 10%', () => {
    const durations = Array.from({ length: 1000 }, (_, i) => i + 1);
    const hist = new Array<number>(80).fill(0);
    for (const d of durations) {
      const k = Math.min(79, Math.floor(Math.log(d + 1) / Math.log(1.2)));
      hist[k] = (hist[k] ?? 0) + 1;
    }
    const p95 = histogramPercentile(hist, 0.95) as number;
    expect(Math.abs(p95 - 950) / 950).toBeLessThan(0.1);
    expect(histogramPercentile(new Array<number>(80).fill(0), 0.5)).toBeNull();
  });
});

describe('canary problems (Ready=False)', () => {
  it('names a bad schedule, an expression that does not compile and a dependsOn cycle', () => {
    expect(canaryProblem({ schedule: '* *', http: [{ name: 'a', url: 'http://x' }] })?.reason).toBe(
      'InvalidSchedule',
    );
    expect(
      canaryProblem({ http: [{ name: 'a', url: 'http://x', test: { expr: 'code ==' } }] }),
    ).toMatchObject({
      reason: 'InvalidExpression',
      message: expect.stringContaining('a: test.expr does not compile') as string,
    });
    expect(
      canaryProblem({
        http: [
          { name: 'a', url: 'http://x', dependsOn: ['b'] },
          { name: 'b', url: 'http://x', dependsOn: ['a'] },
        ],
      })?.reason,
    ).toBe('InvalidDependencies');
    expect(
      canaryProblem({ http: [{ name: 'a', url: 'http://x', test: { expr: 'code == 200' } }] }),
    ).toBeUndefined();
    expect(canaryProblem({})?.reason).toBe('NoChecks');
  });
});

describe('canary status', () => {
  it('aggregates uptime and latency and names the first message with a count of the rest', () => {
    const a = new RollingWindow();
    const b = new RollingWindow();
    const now = Date.now();
    for (let i = 0; i < 9; i++)
      a.add({ pass: true, duration: 10 + i, start: new Date(now - i * 1000), message: 'ok' }, now);
    b.add({ pass: false, duration: 300, start: new Date(now), error: 'down' }, now);
    const s = canaryStatus(['a', 'b'], (id) => (id === 'a' ? a : b), now);
    expect(s).toMatchObject({
      status: 'Failed',
      uptime1h: '9/10 (90%)',
      errorMessage: 'down',
      latency1h: '300ms',
    });
    expect(uptimeText(0, 4)).toBe('0/4 0%');
    expect(uptimeText(0, 0)).toBe('');
  });
});

describe('summary histograms', () => {
  it('reads bucket/count pairs of several sparse histograms and agrees with the exact reader', async () => {
    const { percentilesOf } = await import('./queries.js');
    const buf = new Float64Array(80);
    // Bucket 10 holds 90 runs, bucket 30 holds 10: p50 in 10, p95+ in 30.
    const text = '{"10": 40, "30": 4},{"10": 50},{"30": 6}';
    const hist = new Array<number>(80).fill(0);
    hist[10] = 90;
    hist[30] = 10;
    expect(percentilesOf(text, buf)).toEqual(
      [0.5, 0.95, 0.97, 0.99].map((p) => String(histogramPercentile(hist, p))),
    );
    expect(percentilesOf('', buf)).toEqual(['null', 'null', 'null', 'null']);
  });
});
