import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { CanariesPage } from './CanariesPage';
import { LIST_ROWS, READ, WRITE, canaryRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () => renderPage(<CanariesPage />, { path: '/settings/canaries', session: true });

const listed = { body: LIST_ROWS, headers: { 'Content-Range': '0-1/2' } };

describe('CanariesPage', () => {
  it('lists canaries_with_status with the generic list query', async () => {
    const api = mockApi(canaryRoutes(READ, { 'GET /api/db/canaries_with_status': listed }));
    open();
    const table = await screen.findByRole('grid', { name: 'Health Checks' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Namespace', 'Schedule', 'Source', 'Last Run', 'Job Status']);
    const web = (await screen.findByText('web')).closest('tr') as HTMLElement;
    expect(web).toHaveTextContent('prod');
    expect(web).toHaveTextContent('@every 1m');
    expect(web).toHaveTextContent('5m ago');
    expect(within(web).getByText('WARNING')).toBeInTheDocument();
    const api2 = screen.getByText('api').closest('tr') as HTMLElement;
    // A deprecated interval reads as its schedule; a kubectl canary links to its source.
    expect(api2).toHaveTextContent('@every 30s');
    expect(within(api2).getByRole('link', { name: 'kubernetes/payments/api' })).toBeInTheDocument();

    const call = api.callsTo('GET /api/db/canaries_with_status')[0];
    expect(call?.url.searchParams.get('select')).toBe('*,created_by(id,name,avatar)');
    expect(call?.url.searchParams.get('deleted_at')).toBe('is.null');
    expect(call?.url.searchParams.get('order')).toBe('created_at.desc');
    expect(call?.url.searchParams.get('limit')).toBe('100');
    expect(call?.url.searchParams.get('offset')).toBe('0');
  });

  it('says "No resources found" when there are none', async () => {
    mockApi(
      canaryRoutes(READ, {
        'GET /api/db/canaries_with_status': { body: [], headers: { 'Content-Range': '*/0' } },
      }),
    );
    open();
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('pages on the server', async () => {
    const api = mockApi(
      canaryRoutes(READ, {
        'GET /api/db/canaries_with_status': {
          body: LIST_ROWS,
          headers: { 'Content-Range': '0-99/250' },
        },
      }),
    );
    open();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    const last = api.callsTo('GET /api/db/canaries_with_status').at(-1);
    expect(last?.url.searchParams.get('offset')).toBe('100');
  });

  it('opens a health check on row click, and adds one for writers', async () => {
    mockApi(canaryRoutes(WRITE, { 'GET /api/db/canaries_with_status': listed }));
    const { router } = open();
    await userEvent.click(await screen.findByText('web'));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/settings/canaries/c1');
    await router.navigate('/settings/canaries');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Health Check' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/settings/canaries/new');
  });

  it('has no add button without write', async () => {
    mockApi(canaryRoutes(READ, { 'GET /api/db/canaries_with_status': listed }));
    open();
    await screen.findByText('web');
    expect(screen.queryByRole('button', { name: 'Add Health Check' })).not.toBeInTheDocument();
  });

  it('is Unauthorized without read on canaries', async () => {
    const api = mockApi(canaryRoutes([], { 'GET /api/db/canaries_with_status': listed }));
    open();
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/canaries_with_status')).toHaveLength(0);
  });
});
