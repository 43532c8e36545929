import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { DOWNLOAD_ERROR_TEXT } from './snapshot';
import { topologyRoutes } from './testData';
import { TopologyPage } from './TopologyPage';

const saved: { href: string; download: string }[] = [];

beforeEach(() => {
  saved.length = 0;
  // jsdom has no object URLs and does not download: record what the browser would save.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:snapshot'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openSnapshotDialog(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Download Snapshot' }));
  return screen.findByRole('dialog', { name: 'Download Snapshot' });
}

describe('Download Snapshot', () => {
  it('downloads the chosen range, with related components, as a file', async () => {
    const api = mockApi(
      topologyRoutes({
        extra: {
          'GET /api/snapshot/topology/c-cluster': {
            body: 'PK-zip-bytes',
            headers: { 'Content-Disposition': 'attachment; filename="prod-cluster.zip"' },
          },
        },
      }),
    );
    renderPage(<TopologyPage />, { path: '/topology', session: true });
    const dialog = await openSnapshotDialog('Production');
    expect(within(dialog).getByRole('combobox', { name: 'Time range' })).toHaveValue('now-1d');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Time range' }),
      'now-7d',
    );
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Include related components' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:snapshot', download: 'prod-cluster.zip' }]),
    );
    const call = api.callsTo('GET /api/snapshot/topology/c-cluster')[0];
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      start: 'now-7d',
      end: 'now',
      related: 'true',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says "Error downloading file" when the server refuses', async () => {
    mockApi(
      topologyRoutes({
        extra: {
          'GET /api/snapshot/topology/c-billing': {
            status: 404,
            body: { error: 'not_found', message: 'component not found' },
          },
        },
      }),
    );
    renderPage(<TopologyPage />, { path: '/topology', session: true });
    const dialog = await openSnapshotDialog('billing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(DOWNLOAD_ERROR_TEXT)).toBeInTheDocument();
    expect(saved).toEqual([]);
    // The dialog stays open to try again.
    expect(screen.getByRole('dialog', { name: 'Download Snapshot' })).toBeInTheDocument();
  });
});
