import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Grant } from '../../api/session';
import { mockApi, sessionRoutes, type MockRoutes } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { ResourceDetailPage } from '../settings/ResourceDetailPage';
import { ResourceListPage } from '../settings/ResourceListPage';
import { LOG_BACKENDS } from './logBackendsKind';

vi.mock('../../components/CodeView/CodeView', () => ({
  CodeView: (props: { value: string }) => <pre>{props.value}</pre>,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const READ: Grant[] = [{ object: 'logging_backends', action: 'read' }];
const WRITE: Grant[] = [...READ, { object: 'logging_backends', action: 'write' }];
const ROW = {
  id: 'b1',
  name: 'payments-files',
  labels: { app: 'payments' },
  spec: { file: { paths: ['/var/log/payments/*.log'], format: 'auto' } },
  source: 'UI',
  created_by: { id: 'me-1', name: 'Ada Admin', avatar: null },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  deleted_at: null,
};
const FROM_FILE = { ...ROW, id: 'b2', name: 'from-file', source: 'ConfigFile' };

const routes = (grants: Grant[], extra: MockRoutes = {}): MockRoutes => ({
  ...sessionRoutes(grants, ['editor']),
  'GET /api/db/logging_backends': (req) => {
    const id = req.url.searchParams.get('id');
    const rows = [ROW, FROM_FILE].filter((r) => !id || id === `eq.${r.id}`);
    return { body: rows, headers: { 'Content-Range': `0-${rows.length - 1}/${rows.length}` } };
  },
  'POST /api/db/logging_backends': { status: 201, body: [] },
  ...extra,
});

const openList = () =>
  renderPage(<ResourceListPage kind={LOG_BACKENDS} />, {
    path: '/settings/logging_backends',
    session: true,
  });
const openOne = (id: string) =>
  renderPage(<ResourceDetailPage kind={LOG_BACKENDS} />, {
    path: '/settings/logging_backends/:id',
    url: `/settings/logging_backends/${id}`,
    session: true,
  });

describe('/settings/logging_backends', () => {
  it('lists the plain table, newest first, with where each came from', async () => {
    const api = mockApi(routes(WRITE));
    openList();
    const table = await screen.findByRole('grid', { name: 'Log Backends' });
    expect(within(table).getByRole('row', { name: /from-file/ })).toHaveTextContent(
      'Linked to local file',
    );
    const q = api.callsTo('GET /api/db/logging_backends')[0]?.url.searchParams;
    expect(q?.get('select')).toBe('*,created_by(id,name,avatar)');
    expect(q?.get('deleted_at')).toBe('is.null');
    expect(q?.get('order')).toBe('created_at.desc');
    expect(screen.getByRole('button', { name: 'Add Log Backend' })).toBeInTheDocument();
  });

  it('creates a backend of the kind chosen, refusing a spec the Logs page cannot read', async () => {
    const api = mockApi(routes(WRITE));
    openOne('new');
    await userEvent.type(
      await screen.findByLabelText(/^Name/, { selector: '#log-backend-name' }),
      'own',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The log backend has errors')).toBeVisible();
    expect(
      screen.getByText(/spec: The spec needs exactly one of file, vigil or loki/),
    ).toBeVisible();
    expect(api.callsTo('POST /api/db/logging_backends')).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'vigil');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/db/logging_backends')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/logging_backends')[0]?.body).toEqual({
      name: 'own',
      labels: null,
      spec: { vigil: {} },
      source: 'UI',
      created_by: 'me-1',
    });
  });

  it('shows a backend from elsewhere read-only, without Delete', async () => {
    mockApi(routes(WRITE));
    openOne('b2');
    expect(
      await screen.findByText(
        'This log backend is managed outside the console and is read-only here.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
