import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRoutes } from '../../test/mockApi';
import { INCIDENT_ID, WRITE, detailRoutes } from './testData';
import { detailHeading, openDetail } from './testPage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openPlan(extra: MockRoutes = {}) {
  const api = mockApi(detailRoutes(WRITE, extra));
  openDetail();
  await detailHeading();
  await userEvent.click(screen.getByRole('tab', { name: 'Action Plan' }));
  await screen.findByRole('region', { name: 'Root cause: Bad deploy of payments-api' });
  return api;
}

const node = (name: string) => screen.getByRole('region', { name });
const ROOT = 'Root cause: Bad deploy of payments-api';
const FACTOR = 'Contributing factor: Connection pool exhausted';
const SOLUTION = 'Solution: Roll back to 1.4.1';

describe('the hypothesis tree', () => {
  it('nests root, then factor, then solution', async () => {
    await openPlan();
    const regions = screen
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-label'))
      .filter((l) => l?.includes(':'));
    expect(regions).toEqual([ROOT, FACTOR, SOLUTION]);
    // Status selectors: the factor has no status and shows Likely.
    expect(within(node(FACTOR)).getByRole('combobox', { name: /Status of/ })).toHaveValue('likely');
    expect(within(node(SOLUTION)).getByRole('combobox', { name: /Status of/ })).toHaveValue(
      'possible',
    );
  });

  it('shows evidence by type: log lines with 3 lines of context, links for checks', async () => {
    await openPlan();
    const root = node(ROOT);
    const lines = within(root).getByRole('table', { name: 'Lines of Errors in api logs' });
    const rows = within(lines).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '8line 7',
      '9line 8',
      '10line 9',
      '11line 10',
      '12line 11',
      '13line 12',
      '14line 13',
    ]);
    expect(rows.filter((r) => r.getAttribute('aria-selected') === 'true')).toHaveLength(1);
    expect(within(root).getByRole('link', { name: 'api-health' })).toHaveAttribute(
      'href',
      '/health?checkId=c-1&timeRange=1h',
    );
    expect(within(node(SOLUTION)).getByText('No Evidence')).toBeInTheDocument();
  });

  it('sends a title edit 1000 ms after the last keystroke', async () => {
    const api = await openPlan();
    vi.useFakeTimers();
    const title = within(node(SOLUTION)).getByRole('textbox', { name: 'Title of solution' });
    act(() => {
      fireEvent.change(title, { target: { value: 'Roll back' } });
    });
    await act(() => vi.advanceTimersByTimeAsync(500));
    act(() => {
      fireEvent.change(title, { target: { value: 'Roll back to 1.4.0' } });
    });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(api.callsTo('PATCH /api/db/hypotheses')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const patches = api.callsTo('PATCH /api/db/hypotheses');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.url.searchParams.get('id')).toBe('eq.h-solution');
    expect(patches[0]?.body).toEqual({ title: 'Roll back to 1.4.0' });
  });

  it('sends a status change 200 ms after the last change', async () => {
    const api = await openPlan();
    vi.useFakeTimers();
    const status = within(node(FACTOR)).getByRole('combobox', { name: /Status of/ });
    act(() => {
      fireEvent.change(status, { target: { value: 'unlikely' } });
    });
    await act(() => vi.advanceTimersByTimeAsync(150));
    act(() => {
      fireEvent.change(status, { target: { value: 'proven' } });
    });
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(api.callsTo('PATCH /api/db/hypotheses')).toHaveLength(0);
    expect(status).toHaveValue('proven');
    await act(() => vi.advanceTimersByTimeAsync(1));
    const patches = api.callsTo('PATCH /api/db/hypotheses');
    expect(patches.map((p) => [p.url.searchParams.get('id'), p.body])).toEqual([
      ['eq.h-factor', { status: 'proven' }],
    ]);
  });

  it('Disprove sets status disproven at once', async () => {
    const api = await openPlan();
    await userEvent.click(within(node(ROOT)).getByRole('button', { name: 'Disprove' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/hypotheses')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/db/hypotheses')[0]?.body).toEqual({ status: 'disproven' });
    expect(api.callsTo('PATCH /api/db/hypotheses')[0]?.url.searchParams.get('id')).toBe(
      'eq.h-root',
    );
  });

  it('adds a factor under the root as a possible hypothesis', async () => {
    const api = await openPlan();
    await userEvent.click(
      within(node(ROOT)).getByRole('button', { name: 'Add contributing factor' }),
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Title of the new contributing factor' }),
      'Retry storm',
    );
    await userEvent.click(
      within(screen.getByRole('form', { name: 'New Contributing factor' })).getByRole('button', {
        name: 'Add',
      }),
    );
    await waitFor(() => expect(api.callsTo('POST /api/db/hypotheses')).toHaveLength(1));
    const body = api.callsTo('POST /api/db/hypotheses')[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_by: 'me-1',
      incident_id: INCIDENT_ID,
      parent_id: 'h-root',
      type: 'factor',
      title: 'Retry storm',
      status: 'possible',
    });
  });
});

describe('deleting hypotheses', () => {
  it('asks whether to delete or disprove; Disprove only changes the status', async () => {
    const api = await openPlan();
    await userEvent.click(
      within(node(SOLUTION)).getByRole('button', { name: 'Delete Roll back to 1.4.1' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete hypothesis' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disprove' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/hypotheses')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/db/hypotheses')[0]?.body).toEqual({ status: 'disproven' });
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('deletes comments and evidences first, then the hypothesis with those below it', async () => {
    const api = await openPlan();
    await userEvent.click(
      within(node(FACTOR)).getByRole('button', { name: 'Delete Connection pool exhausted' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete hypothesis' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/db/hypotheses')).toHaveLength(1));
    const deletes = api.calls.filter((c) => c.method === 'DELETE');
    expect(
      deletes.map((d) => `${d.url.pathname}?${decodeURIComponent(d.url.search.slice(1))}`),
    ).toEqual([
      '/api/db/comments?hypothesis_id=in.(h-factor,h-solution)',
      '/api/db/evidences?hypothesis_id=in.(h-factor,h-solution)',
      '/api/db/hypotheses?id=in.(h-factor,h-solution)',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete hypothesis' })).not.toBeInTheDocument(),
    );
  });

  it('deletes a leaf by eq. filters', async () => {
    const api = await openPlan();
    await userEvent.click(
      within(node(SOLUTION)).getByRole('button', { name: 'Delete Roll back to 1.4.1' }),
    );
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete hypothesis' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(api.callsTo('DELETE /api/db/hypotheses')).toHaveLength(1));
    expect(
      api.calls
        .filter((c) => c.method === 'DELETE')
        .map((d) => `${d.url.pathname}?${decodeURIComponent(d.url.search.slice(1))}`),
    ).toEqual([
      '/api/db/comments?hypothesis_id=eq.h-solution',
      '/api/db/evidences?hypothesis_id=eq.h-solution',
      '/api/db/hypotheses?id=eq.h-solution',
    ]);
  });

  it('logs a failed delete and leaves the dialog usable', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = await openPlan({
      'DELETE /api/db/hypotheses': { status: 409, body: { message: 'still referenced' } },
    });
    await userEvent.click(
      within(node(SOLUTION)).getByRole('button', { name: 'Delete Roll back to 1.4.1' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete hypothesis' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(api.callsTo('DELETE /api/db/hypotheses')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('deletes several selected hypotheses in one request', async () => {
    const api = await openPlan();
    const remove = screen.getByRole('button', { name: /^Delete selected/ });
    expect(remove).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Roll back to 1.4.1' }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Select Bad deploy of payments-api' }),
    );
    expect(remove).toHaveTextContent('Delete selected (2)');
    await userEvent.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Delete hypotheses' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/db/hypotheses')).toHaveLength(1));
    const ids = decodeURIComponent(
      api.callsTo('DELETE /api/db/hypotheses')[0]?.url.search.slice(1) ?? '',
    );
    expect(ids).toBe('id=in.(h-solution,h-root,h-factor)');
    expect(api.callsTo('DELETE /api/db/comments')[0]?.url.searchParams.get('hypothesis_id')).toBe(
      'in.(h-solution,h-root,h-factor)',
    );
  });
});

describe('evidence actions', () => {
  it('deletes evidence after confirmation and says when it fails', async () => {
    const api = await openPlan({
      'DELETE /api/db/evidences': { status: 500, body: { message: 'x' } },
    });
    await userEvent.click(
      within(node(ROOT)).getByRole('button', { name: 'Delete evidence Errors in api logs' }),
    );
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete evidence' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Evidence delete failed')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/db/evidences')[0]?.url.searchParams.get('id')).toBe('eq.e-log');
  });

  it('adds evidence to the definition of done, toasting a failure', async () => {
    const api = await openPlan({
      'PATCH /api/db/evidences': { status: 403, body: { message: 'no' } },
    });
    const card = within(node(ROOT)).getByRole('article', { name: 'Evidence: api-health failing' });
    await userEvent.click(within(card).getByRole('button', { name: 'Add to definition of done' }));
    expect(
      await screen.findByText('Marking evidence as part of definition of done failed'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/db/evidences')[0]?.body).toEqual({ definition_of_done: true });
  });
});
