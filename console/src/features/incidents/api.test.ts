import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import {
  createEvidence,
  createIncident,
  fetchIncidentPage,
  incidentSearchFilter,
  searchHypotheses,
  searchIncidents,
} from './api';
import { checkEvidence, configEvidence } from './evidence';
import { ROWS, created } from './testData';
import { INCIDENT_LIST_DEFAULTS, type IncidentListState } from './urlState';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const state = (patch: Partial<IncidentListState> = {}): IncidentListState => ({
  ...INCIDENT_LIST_DEFAULTS,
  ...patch,
});

const listRoute = {
  'GET /api/db/incident_summary': { body: ROWS, headers: { 'Content-Range': '0-1/42' } },
};

describe('fetchIncidentPage', () => {
  it('asks for open incidents, newest first, one page with an exact count', async () => {
    const api = mockApi(listRoute);
    const page = await fetchIncidentPage(state());
    expect(page.rows).toEqual(ROWS);
    expect(page.total).toBe(42);
    const call = api.callsTo('GET /api/db/incident_summary')[0];
    const params = call?.url.searchParams;
    expect(params?.get('status')).toBe('eq.open');
    expect(params?.get('order')).toBe('created_at.desc');
    expect(params?.get('offset')).toBe('0');
    expect(params?.get('limit')).toBe('50');
    expect(call?.headers.get('Prefer')).toContain('count=exact');
    // 'all' is never sent.
    for (const key of ['type', 'severity', 'created_by', 'or', 'id']) {
      expect(params?.has(key)).toBe(false);
    }
  });

  it('sends each chosen filter as eq, the owner as created_by and the search as or', async () => {
    const api = mockApi(listRoute);
    await fetchIncidentPage(
      state({
        type: 'security',
        severity: 'critical',
        status: 'all',
        owner: 'p-1',
        search: 'disk, (full)',
        page: 3,
        pageSize: 25,
        sort: { columnId: 'name', direction: 'asc' },
      }),
    );
    const params = api.callsTo('GET /api/db/incident_summary')[0]?.url.searchParams;
    expect(params?.get('type')).toBe('eq.security');
    expect(params?.get('severity')).toBe('eq.critical');
    expect(params?.has('status')).toBe(false);
    expect(params?.get('created_by')).toBe('eq.p-1');
    expect(params?.get('or')).toBe(
      '(title.ilike."*disk, (full)*",incident_id.ilike."*disk, (full)*")',
    );
    expect(params?.get('order')).toBe('title.asc,created_at.desc');
    expect(params?.get('offset')).toBe('50');
    expect(params?.get('limit')).toBe('25');
  });

  it('narrows to the incidents of a component found through incidents_by_component', async () => {
    const api = mockApi({
      ...listRoute,
      'GET /api/db/incidents_by_component': {
        body: [{ id: 'inc-1' }, { id: 'inc-2' }, { id: 'inc-1' }],
      },
    });
    await fetchIncidentPage(state({ component: 'c-api' }));
    const byComponent = api.callsTo('GET /api/db/incidents_by_component')[0]?.url.searchParams;
    expect(byComponent?.get('component_id')).toBe('eq.c-api');
    const params = api.callsTo('GET /api/db/incident_summary')[0]?.url.searchParams;
    expect(params?.get('id')).toBe('in.(inc-1,inc-2)');
  });

  it('answers an empty page without asking the list when the component has no incidents', async () => {
    const api = mockApi({ ...listRoute, 'GET /api/db/incidents_by_component': { body: [] } });
    expect(await fetchIncidentPage(state({ component: 'c-none' }))).toMatchObject({
      rows: [],
      total: 0,
    });
    expect(api.callsTo('GET /api/db/incident_summary')).toHaveLength(0);
  });

  it('falls back to the first page when the page asked for is past the end', async () => {
    const api = mockApi({
      'GET /api/db/incident_summary': ({ url }) =>
        url.searchParams.get('offset') === '0'
          ? { body: ROWS, headers: { 'Content-Range': '0-1/2' } }
          : {
              status: 416,
              body: { code: 'PGRST103', message: 'Requested range not satisfiable' },
              headers: { 'Content-Range': '*/2' },
            },
    });
    const page = await fetchIncidentPage(state({ page: 5 }));
    expect(page.total).toBe(2);
    expect(
      api.callsTo('GET /api/db/incident_summary').map((c) => c.url.searchParams.get('offset')),
    ).toEqual(['200', '0']);
  });

  it('orders by age, id and status on the server', async () => {
    const api = mockApi(listRoute);
    await fetchIncidentPage(state({ sort: { columnId: 'age', direction: 'desc' } }));
    await fetchIncidentPage(state({ sort: { columnId: 'id', direction: 'desc' } }));
    await fetchIncidentPage(state({ sort: { columnId: 'status', direction: 'desc' } }));
    expect(
      api.callsTo('GET /api/db/incident_summary').map((c) => c.url.searchParams.get('order')),
    ).toEqual(['created_at.asc', 'created_at.desc', 'status.desc,created_at.desc']);
  });
});

describe('incidentSearchFilter', () => {
  it('searches title and display id, quoting what the grammar would read', () => {
    expect(incidentSearchFilter('  ')).toBeUndefined();
    expect(incidentSearchFilter(' INC-4 ')).toBe(
      'title.ilike."*INC-4*",incident_id.ilike."*INC-4*"',
    );
    expect(incidentSearchFilter('a"b\\c')).toBe(
      'title.ilike."*a\\"b\\\\c*",incident_id.ilike."*a\\"b\\\\c*"',
    );
  });
});

describe('writes', () => {
  it('creates an incident with POST /incidents and return=representation', async () => {
    const api = mockApi({
      'POST /api/db/incidents': created({ id: 'new-1', incident_id: 'INC-9', title: 'Disk' }),
    });
    const row = await createIncident(
      {
        title: 'Disk',
        description: '',
        type: 'availability',
        severity: 'low',
        status: 'open',
      },
      'me-1',
    );
    expect(row).toMatchObject({ id: 'new-1', incident_id: 'INC-9' });
    const call = api.callsTo('POST /api/db/incidents')[0];
    expect(call?.headers.get('Prefer')).toContain('return=representation');
    expect(call?.body).toEqual({
      title: 'Disk',
      description: '',
      severity: 'low',
      type: 'availability',
      status: 'open',
      created_by: 'me-1',
      commander_id: null,
      communicator_id: null,
    });
  });

  it('surfaces the server message of a refused write', async () => {
    mockApi({
      'POST /api/db/incidents': {
        status: 403,
        body: { code: '42501', message: 'permission denied: write on incident' },
      },
    });
    await expect(
      createIncident(
        { title: 'x', description: '', type: 'cost', severity: 'low', status: 'open' },
        'me-1',
      ),
    ).rejects.toMatchObject({ message: 'permission denied: write on incident' });
  });

  it('sends only the keys an evidence attachment has', async () => {
    const api = mockApi({ 'POST /api/db/evidences': created({ id: 'e-1' }) });
    await createEvidence(checkEvidence('chk-1'), 'h-1', 'Failing check', 'me-1');
    await createEvidence(configEvidence('cfg-1', ['a', 'b', 'c'], [2, 0]), 'h-1', '', 'me-1');
    const [check, config] = api.callsTo('POST /api/db/evidences');
    expect(check?.body).toEqual({
      created_by: 'me-1',
      hypothesis_id: 'h-1',
      type: 'check',
      description: 'Failing check',
      check_id: 'chk-1',
    });
    expect(config?.body).toEqual({
      created_by: 'me-1',
      hypothesis_id: 'h-1',
      type: 'config',
      description: '',
      config_id: 'cfg-1',
      evidence: { lines: ['a', 'b', 'c'], selected_lines: { '0': 'a', '2': 'c' } },
    });
  });
});

describe('pickers', () => {
  it('searches incidents by title or id with their hypotheses, newest first', async () => {
    const api = mockApi({ 'GET /api/db/incidents': { body: [] } });
    await searchIncidents('pay');
    const params = api.callsTo('GET /api/db/incidents')[0]?.url.searchParams;
    expect(params?.get('select')).toBe(
      'id,incident_id,title,severity,status,type,hypotheses(id,title,type)',
    );
    expect(params?.get('or')).toBe('(title.ilike."*pay*",incident_id.ilike."*pay*")');
    expect(params?.get('order')).toBe('created_at.desc');
  });

  it("searches an incident's hypotheses by title", async () => {
    const api = mockApi({ 'GET /api/db/hypotheses': { body: [] } });
    await searchHypotheses('inc-1', 'deploy');
    const params = api.callsTo('GET /api/db/hypotheses')[0]?.url.searchParams;
    expect(params?.get('incident_id')).toBe('eq.inc-1');
    expect(params?.get('title')).toBe('ilike.*deploy*');
  });
});
