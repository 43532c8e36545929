import { describe, expect, it } from 'vitest';
import { errorsView, hasData, initialJobDetailTab, jobDetailTabs } from './jobDetails';

describe('job details tabs', () => {
  it.each([
    [
      { errors: ['boom'], scrape_summary: { added: 1 }, summary: { ok: 1 } },
      ['errors', 'scrape_summary', 'summary'],
    ],
    [{ scrape_summary: { added: 1 }, summary: { ok: 1 } }, ['scrape_summary', 'summary']],
    [{ summary: { ok: 1 } }, ['summary']],
    [{ errors: [], scrape_summary: {}, summary: '' }, []],
    [null, []],
    ['not an object', []],
  ])('%j has the tabs %j', (details, tabs) => {
    expect(jobDetailTabs(details)).toEqual(tabs);
  });

  it('opens on Errors when there are errors, else Scrape Summary, else Reconcile Summary', () => {
    expect(initialJobDetailTab({ errors: 'x', scrape_summary: { a: 1 } })).toBe('errors');
    expect(initialJobDetailTab({ scrape_summary: { a: 1 }, summary: { b: 1 } })).toBe(
      'scrape_summary',
    );
    expect(initialJobDetailTab({ summary: { b: 1 } })).toBe('summary');
    // No data: no dialog.
    expect(initialJobDetailTab({ errors: [] })).toBeUndefined();
  });

  it('counts numbers and booleans as data, blank text as none', () => {
    expect(hasData(0)).toBe(true);
    expect(hasData(false)).toBe(true);
    expect(hasData('  ')).toBe(false);
  });
});

describe('errors view', () => {
  it('shows a string as text, a list as rows, a map as code', () => {
    expect(errorsView('timeout')).toEqual({ kind: 'text', text: 'timeout' });
    expect(errorsView(['a', { b: 1 }])).toEqual({ kind: 'list', errors: ['a', '{"b":1}'] });
    expect(errorsView({ pod: 'crash' })).toEqual({ kind: 'map', value: { pod: 'crash' } });
  });
});
