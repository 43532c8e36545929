import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { CONFIG_ID } from '../testData';
import type { ConfigPlaybookRun } from './api';
import { PlaybooksTab } from './PlaybooksTab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const RUNS: ConfigPlaybookRun[] = [
  {
    id: 'run-1',
    status: 'failed',
    created_at: ago(30),
    start_time: ago(30),
    end_time: ago(28),
    scheduled_time: ago(30),
    playbooks: { id: 'p1', name: 'restart-pod', title: 'Restart pod', icon: null },
  },
  {
    id: 'run-2',
    status: 'completed',
    created_at: ago(120),
    start_time: ago(120),
    end_time: ago(119.5),
    scheduled_time: ago(120),
    playbooks: { id: 'p2', name: 'scale-up', title: '', icon: null },
  },
];

describe('PlaybooksTab', () => {
  it("lists the config's runs with status, playbook and times, 200 a page", async () => {
    const api = mockApi({
      'GET /api/db/playbook_runs': { body: RUNS, headers: { 'Content-Range': '0-1/2' } },
    });
    renderPage(<PlaybooksTab configId={CONFIG_ID} />, {
      path: '/catalog/:id/playbooks',
      url: `/catalog/${CONFIG_ID}/playbooks`,
    });
    const table = within(await screen.findByRole('grid', { name: 'Playbook runs' }));
    expect(await table.findByRole('link', { name: 'Restart pod' })).toHaveAttribute(
      'href',
      '/playbooks/runs/run-1',
    );
    // Without a title the playbook's name is shown.
    expect(table.getByRole('link', { name: 'scale-up' })).toHaveAttribute(
      'href',
      '/playbooks/runs/run-2',
    );
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Restart podfailed30m ago2m30m ago',
      'scale-upcompleted2h ago30s2h ago',
    ]);
    const [call] = api.callsTo('GET /api/db/playbook_runs');
    expect(call?.url.searchParams.get('config_id')).toBe(`eq.${CONFIG_ID}`);
    expect(call?.url.searchParams.get('order')).toBe('created_at.desc');
    expect(call?.url.searchParams.get('limit')).toBe('200');
    expect(call?.url.searchParams.get('select')).toContain('playbooks(id,name,title,icon)');
  });

  it('says so when the config has no runs', async () => {
    mockApi({ 'GET /api/db/playbook_runs': { body: [], headers: { 'Content-Range': '*/0' } } });
    renderPage(<PlaybooksTab configId={CONFIG_ID} />, { path: '/x' });
    expect(await screen.findByText('No playbook runs')).toBeInTheDocument();
  });
});
