import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockResponse, type MockRoutes } from '../../test/mockApi';
import { INCIDENT_ID, READ, WRITE, deferred, detailRoutes, makeIncident } from './testData';
import { detailHeading, openDetail } from './testPage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const heading = detailHeading;

describe('IncidentDetailPage', () => {
  it('loads the incident with its hypotheses, evidence, comments and people', async () => {
    const answer = deferred<MockResponse>();
    const api = mockApi(detailRoutes(WRITE, { 'GET /api/db/incidents': () => answer.promise }));
    openDetail();
    expect(await screen.findByText('Loading incident')).toBeInTheDocument();
    answer.resolve({ body: [makeIncident()] });
    expect(await heading()).toHaveTextContent('INC-7 Payments API returning 500s');
    const [get] = api.callsTo('GET /api/db/incidents');
    expect(get?.url.searchParams.get('id')).toBe(`eq.${INCIDENT_ID}`);
    const select = get?.url.searchParams.get('select') ?? '';
    expect(select).toMatch(/^\*,hypotheses\(\*,created_by\(id,name,avatar\),evidences\(/);
    expect(select).toContain('comments(');
    expect(select).toContain('commander:commander_id(id,name,avatar)');
    expect(select).toContain('communicator:communicator_id(id,name,avatar)');
    const [responders] = api.callsTo('GET /api/db/responders');
    expect(responders?.url.searchParams.get('incident_id')).toBe(`eq.${INCIDENT_ID}`);
    expect(responders?.url.searchParams.get('deleted_at')).toBe('is.null');
    expect(responders?.url.searchParams.get('select')).toBe(
      '*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)',
    );
    const [history] = api.callsTo('GET /api/db/incident_histories');
    expect(history?.url.searchParams.get('incident_id')).toBe(`eq.${INCIDENT_ID}`);
    const [people] = api.callsTo('GET /api/db/people');
    expect(people?.url.searchParams.get('order')).toBe('name.asc');
  });

  it('has a breadcrumb back to Incidents, component chips and the two tabs', async () => {
    mockApi(detailRoutes(WRITE));
    const { router } = openDetail();
    await heading();
    const chip = screen.getByRole('link', { name: 'payments-api' });
    expect(chip).toHaveAttribute('href', '/topology/comp-1');
    expect(screen.getByRole('tab', { name: 'Comments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Action Plan' })).toBeInTheDocument();
    for (const title of ['Details', 'Responders', 'Definition of done', 'Changelog']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('link', { name: 'Incidents' }));
    expect(router.state.location.pathname).toBe('/incidents');
  });

  it("shows 'Incident not found' for a missing incident and for a malformed id", async () => {
    mockApi(detailRoutes(WRITE, { 'GET /api/db/incidents': { body: [] } }));
    openDetail();
    expect(await screen.findByText('Incident not found')).toBeInTheDocument();
  });

  it("treats PostgREST's invalid uuid answer as not found", async () => {
    mockApi(
      detailRoutes(WRITE, {
        'GET /api/db/incidents': {
          status: 400,
          body: { code: '22P02', message: 'invalid input syntax for type uuid: "x"' },
        },
      }),
    );
    openDetail();
    expect(await screen.findByText('Incident not found')).toBeInTheDocument();
  });

  it('shows the Unauthorized page without read on incidents', async () => {
    const api = mockApi(detailRoutes([]));
    openDetail();
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/incidents')).toHaveLength(0);
  });

  it('hides every control from a viewer', async () => {
    mockApi(detailRoutes(READ));
    openDetail();
    await heading();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Severity' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Responders' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Add definition of done' }),
    ).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Action Plan' }));
    expect(await screen.findByText('Bad deploy of payments-api')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disprove' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete evidence/ })).not.toBeInTheDocument();
  });
});

describe('Close and Reopen (§2.4, §4.1)', () => {
  it('closes an open incident and says so', async () => {
    let incident = makeIncident();
    const api = mockApi(
      detailRoutes(WRITE, {
        'GET /api/db/incidents': () => ({ body: [incident] }),
        'PATCH /api/db/incidents': (req) => {
          incident = { ...incident, ...(req.body as object) };
          return { body: [incident] };
        },
      }),
    );
    openDetail();
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Incident status updated successfully')).toBeInTheDocument();
    const [patch] = api.callsTo('PATCH /api/db/incidents');
    expect(patch?.url.searchParams.get('id')).toBe(`eq.${INCIDENT_ID}`);
    expect(patch?.body).toEqual({ status: 'closed' });
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    // The Changelog is reloaded after the change.
    await waitFor(() => expect(api.callsTo('GET /api/db/incident_histories').length).toBe(2));
  });

  it('reopens a closed incident', async () => {
    const api = mockApi(
      detailRoutes(WRITE, {
        'GET /api/db/incidents': { body: [makeIncident({ status: 'closed' })] },
      }),
    );
    openDetail();
    await heading();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['closed', 'open']);
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    await screen.findByText('Incident status updated successfully');
    expect(api.callsTo('PATCH /api/db/incidents')[0]?.body).toEqual({ status: 'open' });
  });

  it('shows the failure toast with the server message of a refused move', async () => {
    mockApi(
      detailRoutes(WRITE, {
        'PATCH /api/db/incidents': {
          status: 400,
          body: {
            code: '23514',
            message: 'incident INC-7 cannot move from open to new',
            details: 'A open incident can move to investigating, mitigated, resolved, closed.',
          },
        },
      }),
    );
    openDetail();
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Incident status updated failed')).toBeInTheDocument();
    expect(screen.getByText(/cannot move from open to new/)).toBeInTheDocument();
    expect(screen.queryByText('Incident status updated successfully')).not.toBeInTheDocument();
  });

  it('moves to another status straight away unless it is mitigated or resolved', async () => {
    const api = mockApi(detailRoutes(WRITE));
    openDetail();
    await heading();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Status' }),
      'investigating',
    );
    await screen.findByText('Incident status updated successfully');
    expect(api.callsTo('PATCH /api/db/incidents')[0]?.body).toEqual({ status: 'investigating' });
    expect(
      screen.queryByRole('dialog', { name: 'Add contributing factors to definition of done' }),
    ).not.toBeInTheDocument();
  });
});

describe("'Add contributing factors to definition of done' (§4.1)", () => {
  const evidences: MockRoutes = {
    'GET /api/db/hypotheses': {
      body: [
        {
          id: 'h-root',
          evidences: [
            {
              id: 'e-log',
              type: 'log',
              description: 'Errors in api logs',
              definition_of_done: false,
            },
            { id: 'e-dod', type: 'comment', description: 'Already in', definition_of_done: true },
          ],
        },
        {
          id: 'h-factor',
          evidences: [
            {
              id: 'e-top',
              type: 'topology',
              description: 'payments-api pod',
              definition_of_done: false,
            },
          ],
        },
      ],
    },
  };

  async function choose(status: string, routes: MockRoutes = evidences) {
    const api = mockApi(detailRoutes(WRITE, routes));
    openDetail();
    await heading();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), status);
    const dialog = await screen.findByRole('dialog', {
      name: 'Add contributing factors to definition of done',
    });
    return { api, dialog };
  }

  it('lists the evidences not yet in the definition of done, loading first', async () => {
    const answer = deferred<MockResponse>();
    const { api, dialog } = await choose('mitigated', {
      'GET /api/db/hypotheses': () => answer.promise,
    });
    expect(within(dialog).getByText('Loading evidences please wait...')).toBeInTheDocument();
    answer.resolve(evidences['GET /api/db/hypotheses'] as MockResponse);
    expect(await within(dialog).findByLabelText('Errors in api logs')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('payments-api pod')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Already in')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/db/hypotheses')[0]?.url.searchParams.get('incident_id')).toBe(
      `eq.${INCIDENT_ID}`,
    );
    expect(api.callsTo('PATCH /api/db/incidents')).toHaveLength(0);
  });

  it('asks for at least one evidence on Submit', async () => {
    const { api, dialog } = await choose('resolved');
    await within(dialog).findByLabelText('Errors in api logs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Please select atleast one evidence')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/db/evidences')).toHaveLength(0);
    expect(api.callsTo('PATCH /api/db/incidents')).toHaveLength(0);
  });

  it('marks the chosen evidences definition of done, then sets the status', async () => {
    const { api, dialog } = await choose('resolved');
    await userEvent.click(await within(dialog).findByLabelText('payments-api pod'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await screen.findByText('Incident status updated successfully');
    const patches = api.calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((p) => [p.url.pathname, p.url.searchParams.get('id'), p.body])).toEqual([
      ['/api/db/evidences', 'eq.e-top', { definition_of_done: true }],
      ['/api/db/incidents', `eq.${INCIDENT_ID}`, { status: 'resolved' }],
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Add contributing factors to definition of done' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('Skip sets only the status, Cancel changes nothing', async () => {
    const { api, dialog } = await choose('mitigated');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'mitigated');
    const again = await screen.findByRole('dialog', {
      name: 'Add contributing factors to definition of done',
    });
    await userEvent.click(within(again).getByRole('button', { name: 'Skip' }));
    await screen.findByText('Incident status updated successfully');
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { status: 'mitigated' },
    ]);
  });

  it('says when every evidence is already part of the definition of done', async () => {
    const { dialog } = await choose('mitigated', {
      'GET /api/db/hypotheses': { body: [{ id: 'h', evidences: [] }] },
    });
    expect(
      await within(dialog).findByText(
        'There are no evidences which are not part of definition of done',
      ),
    ).toBeInTheDocument();
  });
});

describe('Details: type and severity (§2.4)', () => {
  it('saves type and severity together 500 ms after the last change', async () => {
    const api = mockApi(detailRoutes(WRITE));
    openDetail();
    await heading();
    vi.useFakeTimers();
    const severity = screen.getByRole('combobox', { name: 'Severity' });
    const type = screen.getByRole('combobox', { name: 'Type' });
    act(() => {
      fireEvent.change(severity, { target: { value: 'critical' } });
    });
    await act(() => vi.advanceTimersByTimeAsync(400));
    act(() => {
      fireEvent.change(type, { target: { value: 'security' } });
    });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(api.callsTo('PATCH /api/db/incidents')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const patches = api.callsTo('PATCH /api/db/incidents');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.url.searchParams.get('id')).toBe(`eq.${INCIDENT_ID}`);
    expect(patches[0]?.body).toEqual({ severity: 'critical', type: 'security' });
  });

  it('shows High when the incident has no severity', async () => {
    mockApi(
      detailRoutes(WRITE, {
        'GET /api/db/incidents': { body: [makeIncident({ severity: null })] },
      }),
    );
    openDetail();
    await heading();
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('high');
  });
});
