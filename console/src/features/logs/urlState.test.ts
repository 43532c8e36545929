import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGE, rangeForApi, readLogsUrl, writeLogsUrl } from './urlState';

const read = (q: string) => readLogsUrl(new URLSearchParams(q));

describe('the Logs URL', () => {
  it('reads topologyId, logsSelector, query and start (1 hour back by default)', () => {
    expect(read('topologyId=c1&logsSelector=app&query=boom')).toEqual({
      componentId: 'c1',
      logName: 'app',
      query: 'boom',
      range: DEFAULT_RANGE,
    });
    expect(read('start=now-6h').range).toMatchObject({
      type: 'relative',
      range: 'now-6h',
      display: 'Last 6 hours',
    });
    expect(read('start=15m').range).toMatchObject({ type: 'relative', range: 'now-15m' });
    expect(read('start=today').range).toEqual({ type: 'mapped', name: 'today', display: 'Today' });
    expect(read('start=2026-01-01T00:00:00.000Z&end=2026-01-02T00:00:00.000Z').range).toEqual({
      type: 'absolute',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-02T00:00:00.000Z',
      display: 'Custom',
    });
  });

  it('writes changes; a new component forgets the log name; the default range is left out', () => {
    const params = new URLSearchParams('topologyId=c1&logsSelector=app&start=now-6h');
    expect(writeLogsUrl(params, { componentId: 'c2' }).toString()).toBe(
      'topologyId=c2&start=now-6h',
    );
    expect(writeLogsUrl(params, { range: DEFAULT_RANGE }).toString()).toBe(
      'topologyId=c1&logsSelector=app',
    );
    expect(
      writeLogsUrl(params, {
        range: { type: 'absolute', from: 'a', to: 'b', display: 'Custom' },
      }).toString(),
    ).toBe('topologyId=c1&logsSelector=app&start=a&end=b');
    expect(writeLogsUrl(params, { query: '' }).get('query')).toBeNull();
  });

  it('sends date math as it is, and resolves named and absolute ranges', () => {
    expect(rangeForApi(DEFAULT_RANGE)).toEqual({ start: 'now-1h', end: 'now' });
    const now = new Date('2026-01-02T12:00:00Z');
    const abs = rangeForApi(
      {
        type: 'absolute',
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-01-02T00:00:00.000Z',
        display: 'Custom',
      },
      now,
    );
    expect(abs).toEqual({ start: '2026-01-01T00:00:00.000Z', end: '2026-01-02T00:00:00.000Z' });
    expect(rangeForApi({ type: 'mapped', name: 'today', display: 'Today' }, now).start).toMatch(
      /^2026-01-0[12]T/,
    );
  });
});
