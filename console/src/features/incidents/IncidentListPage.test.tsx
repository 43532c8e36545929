import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { useCurrentPageHeader } from '../../app/pageHeader';
import { IncidentListPage } from './IncidentListPage';
import { READ, ROWS, incidentRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const open = (url = '/incidents') =>
  renderPage(<IncidentListPage />, { path: '/incidents', url, session: true });

type Router = ReturnType<typeof open>['router'];
const query = (router: Router) => new URLSearchParams(router.state.location.search);
const table = () => screen.getByRole('grid', { name: 'Incidents' });

async function rowOf(text: string) {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

/** Stands in for the top bar: its title and refresh button come from the page header. */
function TopBarProbe() {
  const header = useCurrentPageHeader();
  return (
    <button onClick={header.onRefresh} disabled={!header.onRefresh}>
      Refresh {header.title}
    </button>
  );
}

describe('IncidentListPage', () => {
  it('shows the spec columns: display id, type, severity, status, name, age, at most 5 responders', async () => {
    mockApi(incidentRoutes());
    open();
    const row = await rowOf('Payments API returning 500s');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Id', 'Type', 'Severity', 'Status', 'Name', 'Age', 'Responders']);
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual([
      'INC-1',
      'Availability',
      'High',
      'open',
      'Payments API returning 500s',
      '2h',
    ]);
    // Five avatars, the other two behind +2.
    expect(within(row).getAllByRole('img')).toHaveLength(5);
    expect(within(row).getByText('+2')).toHaveAttribute('title', 'Fay Six, Gus Seven');
    const second = await rowOf('Orders database latency spike');
    expect(second).toHaveTextContent('Technical Debt');
    expect(second).toHaveTextContent('3d');
    // Responders cannot be sorted; the other columns can (Severity by rank, on the server).
    const sortable = within(table())
      .getAllByRole('columnheader')
      .filter((h) => within(h).queryByRole('button'))
      .map((h) => h.textContent);
    expect(sortable).toEqual(['Id', 'Type', 'Severity', 'Status', 'Name', 'Age']);
  });

  it('sorts Severity by rank on the server, not by its text', async () => {
    const api = mockApi(incidentRoutes());
    open();
    await rowOf('Payments API returning 500s');
    await userEvent.click(within(table()).getByRole('button', { name: 'Severity' }));
    await waitFor(() =>
      expect(
        api.callsTo('GET /api/db/incident_summary').at(-1)?.url.searchParams.get('order'),
      ).toMatch(/^severity_rank\.(asc|desc)/),
    );
  });

  it('opens an incident when its row is clicked', async () => {
    mockApi(incidentRoutes());
    const { router } = open();
    await userEvent.click(await rowOf('Orders database latency spike'));
    expect(router.state.location.pathname).toBe('/incidents/inc-2');
  });

  it('asks for open incidents by default and keeps the default out of the URL', async () => {
    const api = mockApi(incidentRoutes());
    const { router } = open();
    await rowOf('Payments API returning 500s');
    const params = api.callsTo('GET /api/db/incident_summary')[0]?.url.searchParams;
    expect(params?.get('status')).toBe('eq.open');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('all');
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('all');
    expect(query(router).toString()).toBe('');
  });

  it('keeps Type, Severity and Status in the URL and asks again for each', async () => {
    const api = mockApi(incidentRoutes());
    const { router } = open('/incidents?page=2');
    await rowOf('Payments API returning 500s');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'security');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'critical');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    expect(query(router).toString()).toBe('type=security&severity=critical&status=all');
    await waitFor(() => {
      const last = api.callsTo('GET /api/db/incident_summary').at(-1)?.url.searchParams;
      expect(last?.get('type')).toBe('eq.security');
      expect(last?.get('severity')).toBe('eq.critical');
      expect(last?.has('status')).toBe(false);
      expect(last?.get('offset')).toBe('0');
    });
    expect(
      within(screen.getByRole('combobox', { name: 'Severity' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Critical', 'High', 'Medium', 'Low', 'Info']);
  });

  it('reads the filters back from a link of another area', async () => {
    const api = mockApi(incidentRoutes());
    open('/incidents?severity=high&component=c-api&type=availability&owner=p-bob');
    await rowOf('Payments API returning 500s');
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('high');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('availability');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveValue('Bob Jones'),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Component' })).toHaveValue('payments-api'),
    );
    const params = api.callsTo('GET /api/db/incident_summary')[0]?.url.searchParams;
    expect(params?.get('severity')).toBe('eq.high');
    expect(params?.get('type')).toBe('eq.availability');
    expect(params?.get('status')).toBe('eq.open');
    expect(params?.get('created_by')).toBe('eq.p-bob');
    expect(params?.get('id')).toBe('in.(inc-1)');
    expect(
      api.callsTo('GET /api/db/incidents_by_component')[0]?.url.searchParams.get('component_id'),
    ).toBe('eq.c-api');
  });

  it('filters by owner and component picked from searches, and clears back to all', async () => {
    const api = mockApi(incidentRoutes());
    const { router } = open();
    await rowOf('Payments API returning 500s');
    await userEvent.click(screen.getByRole('combobox', { name: 'Owner' }));
    await userEvent.click(await screen.findByRole('option', { name: /Alice Smith/ }));
    expect(query(router).get('owner')).toBe('p-alice');
    await userEvent.click(screen.getByRole('combobox', { name: 'Component' }));
    await userEvent.click(await screen.findByRole('option', { name: /orders-db/ }));
    expect(query(router).get('component')).toBe('c-db');
    await waitFor(() =>
      expect(
        api.callsTo('GET /api/db/incident_summary').at(-1)?.url.searchParams.get('created_by'),
      ).toBe('eq.p-alice'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear Owner' }));
    expect(query(router).has('owner')).toBe(false);
  });

  it('says so when the components cannot be loaded', async () => {
    mockApi(
      incidentRoutes(undefined, {
        'GET /api/db/component_names': { status: 500, body: { message: 'boom' } },
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open();
    await rowOf('Payments API returning 500s');
    await userEvent.click(screen.getByRole('combobox', { name: 'Component' }));
    expect(await screen.findByText('Unable to load components!')).toBeInTheDocument();
  });

  it('searches 400 ms after typing, in the URL, and starts at page 1', async () => {
    const api = mockApi(incidentRoutes());
    const { router } = open('/incidents?page=3');
    await rowOf('Payments API returning 500s');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search for incident' }), 'pay');
    // Not yet: the URL follows only after the pause.
    expect(query(router).get('search')).toBeNull();
    await waitFor(() => expect(query(router).get('search')).toBe('pay'));
    expect(query(router).get('page')).toBeNull();
    await waitFor(() =>
      expect(api.callsTo('GET /api/db/incident_summary').at(-1)?.url.searchParams.get('or')).toBe(
        '(title.ilike."*pay*",incident_id.ilike."*pay*")',
      ),
    );
    // One search for the whole word, not one per keystroke.
    expect(
      api.callsTo('GET /api/db/incident_summary').filter((c) => c.url.searchParams.has('or')),
    ).toHaveLength(1);
  });

  it('shows the spec empty text', async () => {
    mockApi(
      incidentRoutes(undefined, {
        'GET /api/db/incident_summary': { body: [], headers: { 'Content-Range': '*/0' } },
      }),
    );
    open();
    expect(
      await screen.findByText('There are no incidents matching this criteria'),
    ).toBeInTheDocument();
  });

  it('pages through a long list with the count the server gives', async () => {
    const api = mockApi(
      incidentRoutes(undefined, {
        'GET /api/db/incident_summary': { body: ROWS, headers: { 'Content-Range': '0-49/120' } },
      }),
    );
    const { router } = open();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(query(router).get('page')).toBe('2');
    await waitFor(() =>
      expect(
        api.callsTo('GET /api/db/incident_summary').at(-1)?.url.searchParams.get('offset'),
      ).toBe('50'),
    );
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('sorts on the server from the column headers', async () => {
    const api = mockApi(incidentRoutes());
    const { router } = open();
    await rowOf('Payments API returning 500s');
    await userEvent.click(within(table()).getByRole('button', { name: 'Name' }));
    expect(query(router).get('sortBy')).toBe('name');
    await waitFor(() =>
      expect(
        api.callsTo('GET /api/db/incident_summary').at(-1)?.url.searchParams.get('order'),
      ).toBe('title.asc,created_at.desc'),
    );
  });

  it('refreshes from the top bar', async () => {
    const api = mockApi(incidentRoutes());
    renderPage(
      <>
        <IncidentListPage />
        <TopBarProbe />
      </>,
      { path: '/incidents', session: true },
    );
    await rowOf('Payments API returning 500s');
    const before = api.callsTo('GET /api/db/incident_summary').length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Incidents' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/db/incident_summary')).toHaveLength(before + 1),
    );
  });

  it('offers Create New Incident only to users who may write incidents', async () => {
    mockApi(incidentRoutes(READ));
    open();
    await rowOf('Payments API returning 500s');
    expect(screen.queryByRole('button', { name: 'Create New Incident' })).not.toBeInTheDocument();
  });

  it('shows the Unauthorized page without read on incidents', async () => {
    const api = mockApi(incidentRoutes([]));
    open();
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/incident_summary')).toHaveLength(0);
  });

  it('shows the server message when the list fails', async () => {
    mockApi(
      incidentRoutes(undefined, {
        'GET /api/db/incident_summary': {
          status: 400,
          body: { code: 'PGRST100', message: 'failed to parse filter' },
        },
      }),
    );
    open();
    expect(await screen.findByText('failed to parse filter')).toBeInTheDocument();
  });
});
