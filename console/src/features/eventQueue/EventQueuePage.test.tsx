import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SWR_DEFAULTS } from '../../app/swrDefaults';
import type { Grant } from '../../api/session';
import { mockApi, sessionRoutes, type MockRoutes } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import type { EventQueueSummary, FailedEvent } from './api';
import { changeText, NEVER_CACHED } from './api';
import { EventQueuePage } from './EventQueuePage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const READ: Grant[] = [{ object: 'database', action: 'read' }];
const WRITE: Grant[] = [...READ, { object: 'event_queue', action: 'write' }];

const SUMMARY: EventQueueSummary[] = [
  {
    name: 'notification:config.updated',
    pending: 4,
    failed: 2,
    average_attempts: 3.5,
    first_failure: '2025-01-02T03:04:00Z',
    last_failure: '2025-01-02T05:04:00Z',
    most_common_error: 'connection refused',
  },
  {
    name: 'responder.deliver',
    pending: 1,
    failed: 0,
    average_attempts: 0,
    first_failure: null,
    last_failure: null,
    most_common_error: null,
  },
];

const FAILED: FailedEvent[] = [
  {
    id: 'e1',
    name: 'notification:config.updated',
    properties: { id: 'c1' },
    error: 'connection refused',
    attempts: 5,
    created_at: '2025-01-02T03:04:00Z',
    last_attempt: '2025-01-02T05:04:00Z',
  },
];

function routes(grants: Grant[], extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(grants),
    'GET /api/db/event_queue_summary': { body: SUMMARY },
    'GET /api/db/event_queue': { body: FAILED, headers: { 'Content-Range': '0-0/1' } },
    ...extra,
  };
}

const open = (url = '/settings/event-queue-status') =>
  renderPage(<EventQueuePage />, { path: '/settings/event-queue-status', url, session: true });

async function rowOf(text: string) {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

describe('EventQueuePage', () => {
  it('lists the summary newest failure first, never cached', async () => {
    const api = mockApi(routes(READ));
    open();
    const row = await rowOf('notification:config.updated');
    expect(row).toHaveTextContent('connection refused');
    expect(row).toHaveTextContent('3.50');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Pending',
      'Failed',
      'Average Attempts',
      'First Failure',
      'Last Failure',
      'Most Common Error',
    ]);
    expect(api.callsTo('GET /api/db/event_queue_summary')[0]?.url.searchParams.get('order')).toBe(
      'last_failure.desc.nullslast',
    );
    expect(NEVER_CACHED).toMatchObject({ dedupingInterval: 0, revalidateOnMount: true });
  });

  it('reads the summary again on every visit, even under the app-wide five-minute reuse', async () => {
    const api = mockApi(routes(READ));
    function Visits() {
      const [shown, setShown] = useState(true);
      return (
        <SWRConfig value={SWR_DEFAULTS}>
          <button onClick={() => setShown((v) => !v)}>toggle</button>
          {shown && <EventQueuePage />}
        </SWRConfig>
      );
    }
    renderPage(<Visits />, { path: '/settings/event-queue-status', session: true });
    await rowOf('notification:config.updated');
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(api.callsTo('GET /api/db/event_queue_summary')).toHaveLength(2));
  });

  it('opens the failed items of a name, paged, without controls for readers', async () => {
    const api = mockApi(routes(READ));
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show failed notification:config.updated events' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Failed notification:config.updated events',
    });
    expect(await within(dialog).findByText('{"id":"c1"}')).toBeInTheDocument();
    const call = api.callsTo('GET /api/db/event_queue')[0];
    expect(call?.url.searchParams.get('name')).toBe('eq.notification:config.updated');
    expect(call?.url.searchParams.get('error')).toBe('not.is.null');
    expect(call?.headers.get('Prefer')).toContain('count=exact');
    expect(within(dialog).queryByRole('button', { name: 'Retry all' })).not.toBeInTheDocument();
  });

  it('retries one failed item from the detail list', async () => {
    const api = mockApi(
      routes(WRITE, { 'POST /api/event-queue/retry': { body: { retried: 1, busy: 0 } } }),
    );
    open('/settings/event-queue-status?name=notification%3Aconfig.updated');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Actions for event e1' }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Retry' }));
    expect(await screen.findByText('Retried 1 failed event')).toBeInTheDocument();
    expect(api.callsTo('POST /api/event-queue/retry')[0]?.body).toEqual({
      name: 'notification:config.updated',
      ids: ['e1'],
    });
    // The summary is read again after the change.
    await waitFor(() =>
      expect(api.callsTo('GET /api/db/event_queue_summary').length).toBeGreaterThan(1),
    );
  });

  it('discards every failed item of a name after confirmation', async () => {
    const api = mockApi(
      routes(WRITE, { 'POST /api/event-queue/discard': { body: { discarded: 2, busy: 1 } } }),
    );
    open();
    const row = await rowOf('notification:config.updated');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Actions for notification:config.updated' }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Discard failed' }));
    const confirm = screen.getByRole('dialog', { name: 'Discard failed events' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Discard' }));
    expect(
      await screen.findByText(
        'Discarded 2 failed events; 1 being handled right now was left as it was',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/event-queue/discard')[0]?.body).toEqual({
      name: 'notification:config.updated',
    });
  });

  it('shows the server message when a retry is refused', async () => {
    mockApi(
      routes(WRITE, {
        'POST /api/event-queue/retry': {
          status: 403,
          body: {
            message: 'permission denied: update on event_queue is not granted to roles editor',
          },
        },
      }),
    );
    open();
    const row = await rowOf('notification:config.updated');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Actions for notification:config.updated' }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Retry failed' }));
    expect(
      await screen.findByText(
        'permission denied: update on event_queue is not granted to roles editor',
      ),
    ).toBeInTheDocument();
  });
});

describe('changeText', () => {
  it('counts what changed and what was busy', () => {
    expect(changeText('Retried', { count: 3, busy: 0 })).toBe('Retried 3 failed events');
    expect(changeText('Retried', { count: 0, busy: 2 })).toBe(
      'Retried 0 failed events; 2 being handled right now were left as they were',
    );
  });
});
