import { describe, expect, it } from 'vitest';
import { createdBounds } from './api';
import {
  DEFAULT_RUNS_RANGE,
  RUNS_PAGE_SIZE,
  applyRunsPatch,
  parseRunsParams,
} from './runsUrlState';

const parse = (query: string) => parseRunsParams(new URLSearchParams(query));

describe('run list URL state', () => {
  it('defaults to every status and playbook of the last 7 days, 150 a page', () => {
    expect(parse('')).toEqual({
      status: '',
      playbook: '',
      range: DEFAULT_RUNS_RANGE,
      page: 1,
      pageSize: RUNS_PAGE_SIZE,
    });
    expect(RUNS_PAGE_SIZE).toBe(150);
    expect(DEFAULT_RUNS_RANGE.range).toBe('now-7d');
  });

  it('reads filters, range and paging', () => {
    expect(
      parse(
        'status=failed&playbook=pb-1&rangeType=relative&range=now-1d&display=Last+1+day&page=3&pageSize=50',
      ),
    ).toEqual({
      status: 'failed',
      playbook: 'pb-1',
      range: { type: 'relative', range: 'now-1d', display: 'Last 1 day' },
      page: 3,
      pageSize: 50,
    });
    expect(parse('page=-2&pageSize=x')).toMatchObject({ page: 1, pageSize: RUNS_PAGE_SIZE });
  });

  it('restarts at page 1 when a filter changes and leaves defaults out', () => {
    const params = new URLSearchParams('page=4&status=failed');
    expect(applyRunsPatch(params, { playbook: 'pb-1' }).toString()).toBe(
      'status=failed&playbook=pb-1',
    );
    expect(applyRunsPatch(params, { status: '' }).toString()).toBe('');
    expect(applyRunsPatch(params, { range: DEFAULT_RUNS_RANGE }).toString()).toBe('status=failed');
    expect(applyRunsPatch(params, { page: 5 }).toString()).toBe('page=5&status=failed');
    expect(applyRunsPatch(params, { pageSize: RUNS_PAGE_SIZE }).toString()).toBe('status=failed');
  });
});

describe('createdBounds', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('bounds only the start of a past relative range', () => {
    expect(createdBounds(DEFAULT_RUNS_RANGE, now)).toEqual({ from: '2026-11-17T12:00:00.000Z' });
  });

  it('bounds both ends of an absolute range', () => {
    expect(
      createdBounds(
        {
          type: 'absolute',
          from: '2026-11-01T00:00:00Z',
          to: '2026-11-02T00:00:00Z',
          display: 'Custom',
        },
        now,
      ),
    ).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' });
  });
});
