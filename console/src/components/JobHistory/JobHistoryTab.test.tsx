import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { JobHistoryTab } from './JobHistoryTab';
import { FAILED_JOB, job } from './testData';

vi.mock('../CodeView/CodeView', () => ({
  CodeView: (props: { value: string }) => <pre>{props.value}</pre>,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a resource’s Job History tab', () => {
  it('lists every run of the resource, 150 a page, with the job table and its dialog', async () => {
    const api = mockApi({
      'GET /api/db/job_histories': {
        body: [FAILED_JOB, job('ok-1')],
        headers: { 'Content-Range': '0-1/2' },
      },
    });
    renderPage(<JobHistoryTab resourceType="config_scraper" resourceId="scraper-1" />, {
      path: '/catalog/scrapers/scraper-1',
    });
    const table = await screen.findByRole('grid', { name: 'Job History' });
    const q = api.callsTo('GET /api/db/job_histories')[0]?.url.searchParams;
    expect(q?.get('resource_type')).toBe('eq.config_scraper');
    expect(q?.get('resource_id')).toBe('eq.scraper-1');
    expect(q?.get('limit')).toBe('150');
    expect(q?.get('order')).toBe('created_at.desc');
    // Every status and every time: no status or range filter on a resource's own tab.
    expect(q?.has('or')).toBe(false);
    expect(q?.has('created_at')).toBe(false);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // The resource is the page's own: no Resource columns.
    expect(within(table).queryByRole('columnheader', { name: 'Resource' })).toBeNull();

    await userEvent.click(within(table).getAllByRole('row')[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Details for job ConfigScraper' });
    expect(within(dialog).getByText('open /data/a.yaml: no such file')).toBeInTheDocument();
  });
});
