import { describe, expect, it } from 'vitest';
import { WorkQueue } from './queue.js';

describe('WorkQueue', () => {
  it('never runs a key twice at once and reruns a key added meanwhile', async () => {
    const runs: string[] = [];
    let concurrent = 0;
    let max = 0;
    const q = new WorkQueue(
      async (key) => {
        concurrent++;
        max = Math.max(max, concurrent);
        runs.push(key);
        await new Promise((r) => setTimeout(r, 20));
        concurrent--;
      },
      () => undefined,
      1,
    );
    q.add('a');
    q.add('a');
    await new Promise((r) => setTimeout(r, 5));
    q.add('a');
    await q.idle();
    expect(max).toBe(1);
    expect(runs).toEqual(['a', 'a']);
  });

  it('retries failures with growing delays', async () => {
    const times: number[] = [];
    const errors: number[] = [];
    const q = new WorkQueue(
      async () => {
        times.push(Date.now());
        if (times.length < 3) throw new Error('not yet');
      },
      (_k, _e, attempt) => errors.push(attempt),
      1,
      20,
    );
    q.add('k');
    await new Promise((r) => setTimeout(r, 200));
    await q.idle();
    expect(errors).toEqual([1, 2]);
    expect(times).toHaveLength(3);
    expect((times[2] as number) - (times[1] as number)).toBeGreaterThanOrEqual(
      (times[1] as number) - (times[0] as number),
    );
    q.stop();
  });
});
