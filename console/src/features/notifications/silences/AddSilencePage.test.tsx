import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRoutes } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { READER, WRITER, notificationRoutes } from '../testData';
import { AddSilencePage } from './AddSilencePage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/notifications/silences/add';
const open = (url = PATH) => renderPage(<AddSilencePage />, { path: PATH, url, session: true });

function routes(grants = WRITER, extra: MockRoutes = {}): MockRoutes {
  return notificationRoutes(grants, {
    'POST /api/notification/silence': { status: 200 },
    'GET /api/db/checks': { body: [{ id: 'chk-1', name: 'api-health', type: 'http' }] },
    'GET /api/db/config_items': {
      body: [{ id: 'cfg-1', name: 'payments-db', type: 'AWS::RDS::DBInstance' }],
    },
    'GET /api/db/canaries': { body: [{ id: 'can-1', name: 'payments-canary' }] },
    ...extra,
  });
}

describe('AddSilencePage', () => {
  it('silences the check a notification linked to: posts the resource, now and now+3h', async () => {
    const api = mockApi(routes());
    const { router } = open(`${PATH}?check_id=chk-1`);
    expect(await screen.findByLabelText('Resource type')).toHaveValue('check');
    expect(await screen.findByDisplayValue('api-health')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '3h' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Recursive' }));
    await userEvent.type(screen.getByLabelText('Reason'), 'deploying');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications/silences'));
    expect(screen.getByText('Notification silence added successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/notification/silence')[0]?.body).toEqual({
      check_id: 'chk-1',
      from: 'now',
      until: 'now+3h',
      description: 'deploying',
      recursive: true,
    });
  });

  it('takes a config, component or canary from the link as well', async () => {
    const api = mockApi(routes());
    open(`${PATH}?canary_id=can-1`);
    expect(await screen.findByDisplayValue('payments-canary')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '1w' }));
    await userEvent.type(screen.getByLabelText('Filter'), 'check.type == "http"');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/notification/silence')).toHaveLength(1));
    expect(api.callsTo('POST /api/notification/silence')[0]?.body).toEqual({
      canary_id: 'can-1',
      from: 'now',
      until: 'now+1w',
      description: '',
      recursive: false,
      filter: 'check.type == "http"',
    });
  });

  it('sends a custom range as RFC 3339 moments', async () => {
    const api = mockApi(routes());
    open(`${PATH}?config_id=cfg-1`);
    await screen.findByDisplayValue('payments-db');
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    await userEvent.type(screen.getByLabelText(/^From/), '2026-12-01T22:00');
    await userEvent.type(screen.getByLabelText(/^Until/), '2026-12-02T02:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/notification/silence')).toHaveLength(1));
    expect(api.callsTo('POST /api/notification/silence')[0]?.body).toMatchObject({
      config_id: 'cfg-1',
      from: new Date('2026-12-01T22:00').toISOString(),
      until: new Date('2026-12-02T02:00').toISOString(),
    });
  });

  it('needs a resource and a duration; switching the kind clears the resource', async () => {
    const api = mockApi(routes());
    open(`${PATH}?check_id=chk-1`);
    await screen.findByDisplayValue('api-health');
    await userEvent.selectOptions(screen.getByLabelText('Resource type'), 'config');
    expect(screen.queryByDisplayValue('api-health')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('Choose a catalog item, component or health check to silence'),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose how long the silence lasts')).toBeInTheDocument();
    expect(api.callsTo('POST /api/notification/silence')).toHaveLength(0);

    await userEvent.type(screen.getByRole('combobox', { name: 'Catalog' }), 'pay');
    await userEvent.click(await screen.findByRole('option', { name: /payments-db/ }));
    await userEvent.click(screen.getByRole('button', { name: '1h' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/notification/silence')[0]?.body).toMatchObject({
        config_id: 'cfg-1',
        until: 'now+1h',
      }),
    );
  });

  it("shows the server's message when the silence is refused", async () => {
    mockApi(
      routes(WRITER, {
        'POST /api/notification/silence': {
          status: 400,
          body: { error: 'invalid', message: 'until must be after from' },
        },
      }),
    );
    const { router } = open(`${PATH}?check_id=chk-1`);
    await screen.findByDisplayValue('api-health');
    await userEvent.click(screen.getByRole('button', { name: '1h' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('form', { name: 'Add notification silence' });
    expect(await within(form).findByText('until must be after from')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('is not offered without write on notifications', async () => {
    mockApi(routes(READER));
    open(`${PATH}?check_id=chk-1`);
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });
});
