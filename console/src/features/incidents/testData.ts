import type { Grant } from '../../api/session';
import { sessionRoutes, type MockRoutes } from '../../test/mockApi';
import type { IncidentOption, IncidentSummaryRow } from './model';

export const READ: Grant[] = [{ object: 'incident', action: 'read' }];
export const WRITE: Grant[] = [...READ, { object: 'incident', action: 'write' }];

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const person = (id: string, name: string, avatar: string | null = null) => ({ id, name, avatar });

export const ROWS: IncidentSummaryRow[] = [
  {
    id: 'inc-1',
    incident_id: 'INC-1',
    title: 'Payments API returning 500s',
    severity: 'high',
    type: 'availability',
    status: 'open',
    created_at: minutesAgo(125),
    updated_at: minutesAgo(5),
    created_by: 'p-alice',
    commander: person('p-bob', 'Bob Jones'),
    responders: [
      person('r1', 'Ann One'),
      person('r2', 'Ben Two'),
      person('r3', 'Cat Three'),
      person('r4', 'Dan Four'),
      person('r5', 'Eve Five'),
      person('r6', 'Fay Six'),
      person('r7', 'Gus Seven'),
    ],
  },
  {
    id: 'inc-2',
    incident_id: 'INC-2',
    title: 'Orders database latency spike',
    severity: 'medium',
    type: 'technicalDebt',
    status: 'open',
    created_at: minutesAgo(3 * 24 * 60),
    updated_at: minutesAgo(60),
    created_by: 'p-bob',
    commander: { id: null, name: null, avatar: null },
    responders: [],
  },
];

export const PEOPLE = [
  { id: 'p-alice', name: 'Alice Smith', avatar: null, email: 'alice@example.com' },
  { id: 'p-bob', name: 'Bob Jones', avatar: null, email: 'bob@example.com' },
];

export const COMPONENTS = [
  { id: 'c-api', name: 'payments-api', type: 'KubernetesPod' },
  { id: 'c-db', name: 'orders-db', type: 'Database' },
];

export const INCIDENT_OPTIONS: IncidentOption[] = [
  {
    id: 'inc-1',
    incident_id: 'INC-1',
    title: 'Payments API returning 500s',
    severity: 'high',
    status: 'open',
    type: 'availability',
    hypotheses: [
      { id: 'h-root', title: 'Bad deploy', type: 'root' },
      { id: 'h-factor', title: 'Pool exhausted', type: 'factor' },
    ],
  },
  {
    id: 'inc-2',
    incident_id: 'INC-2',
    title: 'Orders database latency spike',
    severity: 'medium',
    status: 'investigating',
    type: 'performance',
    hypotheses: [{ id: 'h-slow', title: 'Slow query', type: 'root' }],
  },
];

export function incidentRoutes(grants: Grant[] = WRITE, extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(grants, ['responder']),
    'GET /api/db/incident_summary': {
      body: ROWS,
      headers: { 'Content-Range': `0-${ROWS.length - 1}/${ROWS.length}` },
    },
    'GET /api/db/people': ({ url }) => {
      const id = url.searchParams.get('id')?.replace(/^eq\./, '');
      return { body: id ? PEOPLE.filter((p) => p.id === id) : PEOPLE };
    },
    'GET /api/db/component_names': { body: COMPONENTS },
    'GET /api/db/component_names_all': ({ url }) => {
      const id = url.searchParams.get('id')?.replace(/^eq\./, '');
      return { body: COMPONENTS.filter((c) => c.id === id) };
    },
    'GET /api/db/incidents_by_component': { body: [{ id: 'inc-1' }, { id: 'inc-1' }] },
    'GET /api/db/incidents': { body: INCIDENT_OPTIONS },
    'GET /api/db/hypotheses': ({ url }) => {
      const incident = url.searchParams.get('incident_id')?.replace(/^eq\./, '');
      const found = INCIDENT_OPTIONS.find((i) => i.id === incident);
      return {
        body: (found?.hypotheses ?? []).map((h) => ({ ...h, status: 'possible' })),
      };
    },
    ...extra,
  };
}

/** A POST answered with `[row]`, as PostgREST does with return=representation. */
export function created(row: Record<string, unknown>) {
  return { status: 201, body: [row] };
}
