import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_SORT, JOBS_PAGE_SIZE } from '../../components/JobHistory/api';
import {
  DEFAULT_JOBS_RANGE,
  DEFAULT_JOB_STATUS,
  applyJobsPatch,
  durationMillis,
  jobQueryOf,
  parseJobsParams,
} from './jobsUrlState';

const parse = (query: string) => parseJobsParams(new URLSearchParams(query));

describe('job history URL state', () => {
  it('defaults to SUCCESS excluded, the last two days, newest first, 50 a page', () => {
    expect(parse('')).toEqual({
      name: '',
      resourceType: '',
      status: 'SUCCESS:-1',
      duration: '',
      range: DEFAULT_JOBS_RANGE,
      sort: DEFAULT_JOB_SORT,
      page: 1,
      pageSize: 50,
    });
    expect(JOBS_PAGE_SIZE).toBe(50);
    expect(DEFAULT_JOBS_RANGE.range).toBe('now-2d');
    expect(DEFAULT_JOB_SORT).toEqual({ column: 'created_at', desc: true });
  });

  it('reads filters, sort, range and paging', () => {
    expect(
      parse(
        'name=ConfigScraper:1&resource_type=canary:-1&status=FAILED:1&duration=2s&sortBy=duration_millis&sortOrder=asc&rangeType=relative&range=now-7d&display=Last+7+days&page=3&pageSize=100',
      ),
    ).toEqual({
      name: 'ConfigScraper:1',
      resourceType: 'canary:-1',
      status: 'FAILED:1',
      duration: '2s',
      range: { type: 'relative', range: 'now-7d', display: 'Last 7 days' },
      sort: { column: 'duration_millis', desc: false },
      page: 3,
      pageSize: 100,
    });
    // An unknown sort column is the default; a cleared status stays cleared.
    expect(parse('sortBy=hostname&status=')).toMatchObject({
      sort: DEFAULT_JOB_SORT,
      status: '',
    });
  });

  it('leaves defaults out and restarts at page 1 when a filter changes', () => {
    const params = new URLSearchParams('page=4&name=A:1');
    expect(applyJobsPatch(params, { status: 'FAILED:1' }).toString()).toBe(
      'name=A%3A1&status=FAILED%3A1',
    );
    expect(applyJobsPatch(params, { status: DEFAULT_JOB_STATUS }).toString()).toBe('name=A%3A1');
    // Clearing the default exclusion is remembered as an empty value.
    expect(applyJobsPatch(params, { status: '' }).toString()).toBe('name=A%3A1&status=');
    expect(applyJobsPatch(params, { range: DEFAULT_JOBS_RANGE }).toString()).toBe('name=A%3A1');
    expect(applyJobsPatch(params, { sort: DEFAULT_JOB_SORT }).toString()).toBe('name=A%3A1');
    expect(applyJobsPatch(params, { sort: { column: 'name', desc: false } }).toString()).toBe(
      'name=A%3A1&sortBy=name&sortOrder=asc',
    );
    expect(applyJobsPatch(params, { page: 5 }).toString()).toBe('page=5&name=A%3A1');
    expect(applyJobsPatch(params, { pageSize: 50 }).toString()).toBe('name=A%3A1');
  });
});

describe('run duration', () => {
  it.each([
    ['100ms', 100],
    ['2s', 2000],
    ['1.5s', 1500],
    [' 30s ', 30000],
    ['1m', undefined],
    ['', undefined],
  ])('%j is %j ms', (text, ms) => {
    expect(durationMillis(text)).toBe(ms);
  });

  it('becomes a minimum duration of the query only when it is one', () => {
    expect(jobQueryOf(parse('duration=500ms')).minDurationMs).toBe(500);
    expect(jobQueryOf(parse('duration=5m'))).not.toHaveProperty('minDurationMs');
  });
});
