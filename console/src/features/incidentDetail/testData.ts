import type { Grant } from '../../api/session';
import { sessionRoutes, type MockRoutes } from '../../test/mockApi';
import type { Incident, IncidentHistory, PersonRef, Responder, Team } from './model';

export const INCIDENT_ID = '0190a0a0-0000-7000-8000-000000000001';

export const READ: Grant[] = [{ object: 'incident', action: 'read' }];
export const WRITE: Grant[] = [
  ...READ,
  { object: 'incident', action: 'write' },
  { object: 'evidences', action: 'write' },
  { object: 'comments', action: 'write' },
  { object: 'responder', action: 'write' },
];

export const ADA: PersonRef = { id: 'me-1', name: 'Ada Admin', avatar: null };
export const GRACE: PersonRef = { id: 'p-grace', name: 'Grace Hopper', avatar: null };
export const ALAN: PersonRef = { id: 'p-alan', name: 'Alan Turing', avatar: null };
export const PEOPLE = [ADA, ALAN, GRACE];

export function makeIncident(overrides: Partial<Incident> = {}): Incident {
  return {
    id: INCIDENT_ID,
    incident_id: 'INC-7',
    title: 'Payments API returning 500s',
    description: 'Checkout fails',
    type: 'availability',
    severity: 'low',
    status: 'open',
    created_at: '2025-01-01T10:00:00Z',
    created_by: ADA.id,
    commander_id: GRACE.id,
    commander: GRACE,
    communicator: ALAN,
    hypotheses: [
      {
        id: 'h-solution',
        incident_id: INCIDENT_ID,
        parent_id: 'h-factor',
        type: 'solution',
        title: 'Roll back to 1.4.1',
        status: 'possible',
        created_at: '2025-01-01T10:03:00Z',
        evidences: [],
        comments: [],
      },
      {
        id: 'h-root',
        incident_id: INCIDENT_ID,
        parent_id: null,
        type: 'root',
        title: 'Bad deploy of payments-api',
        status: 'likely',
        created_at: '2025-01-01T10:01:00Z',
        evidences: [
          {
            id: 'e-log',
            type: 'log',
            description: 'Errors in api logs',
            hypothesis_id: 'h-root',
            created_at: '2025-01-01T10:05:00Z',
            created_by: ALAN,
            evidence: {
              lines: Array.from({ length: 20 }, (_, i) => `line ${i}`),
              selected_lines: { 10: 'line 10' },
            },
            definition_of_done: false,
          },
          {
            id: 'e-check',
            type: 'check',
            description: 'api-health failing',
            hypothesis_id: 'h-root',
            check_id: 'c-1',
            checks: { id: 'c-1', name: 'api-health', status: 'unhealthy' },
            definition_of_done: false,
          },
        ],
        comments: [
          {
            id: 'c-old',
            comment: 'Looking at it @[Grace Hopper](user:p-grace)',
            created_at: '2025-01-01T10:02:00Z',
            created_by: ALAN,
          },
        ],
      },
      {
        id: 'h-factor',
        incident_id: INCIDENT_ID,
        parent_id: 'h-root',
        type: 'factor',
        title: 'Connection pool exhausted',
        status: null,
        created_at: '2025-01-01T10:02:00Z',
        evidences: [
          {
            id: 'e-topology',
            type: 'topology',
            description: 'payments-api pod',
            hypothesis_id: 'h-factor',
            component_id: 'comp-1',
            components: { id: 'comp-1', name: 'payments-api', icon: 'pod', status: 'unhealthy' },
            definition_of_done: false,
          },
          {
            id: 'e-dod',
            type: 'comment',
            description: 'Error rate below 1%',
            hypothesis_id: 'h-factor',
            evidence: { comment: 'Error rate below 1%' },
            definition_of_done: true,
            done: false,
          },
        ],
        comments: [],
      },
    ],
    ...overrides,
  };
}

export const SRE: Team = {
  id: 'team-sre',
  name: 'SRE',
  icon: null,
  spec: {
    responder_clients: {
      jira: {
        defaults: {
          summary: '[{{ .incident.incident_id }}] {{ .incident.title }}',
          priority: 'High',
        },
        values: { description: 'Raised from Vigil' },
      },
      email: { defaults: { to: 'sre@example.com' } },
    },
  },
};

export const EMPTY_TEAM: Team = { id: 'team-empty', name: 'Empty', icon: null, spec: {} };

export const JIRA_INSTANCES = [
  {
    id: 'jira-other',
    name: 'Other Jira',
    external_id: ['jira/team-x'],
    config: { projects: [{ key: 'X', name: 'Xeno', issueTypes: ['Task'] }] },
  },
  {
    id: 'jira-sre',
    name: 'SRE Jira',
    external_id: ['jira/team-sre'],
    config: {
      projects: [
        { key: 'OPS', name: 'Operations', issueTypes: ['Bug', 'Incident'] },
        { key: 'DEV', name: 'Development', issueTypes: ['Story'] },
      ],
      priorities: ['High', 'Low'],
    },
  },
];

export const RESPONDERS: Responder[] = [
  {
    id: 'r-person',
    incident_id: INCIDENT_ID,
    type: 'person',
    person_id: GRACE.id,
    person: GRACE,
    properties: { responderType: 'person' },
    created_at: '2025-01-01T10:10:00Z',
    acknowledged: '2025-01-01T10:20:00Z',
  },
  {
    id: 'r-jira',
    incident_id: INCIDENT_ID,
    type: 'system',
    team_id: SRE.id,
    team: SRE,
    external_id: 'OPS-42',
    properties: { responderType: 'jira', project: 'OPS' },
    created_at: '2025-01-01T10:11:00Z',
  },
];

export const HISTORY: IncidentHistory[] = [
  {
    id: 'hist-1',
    incident_id: INCIDENT_ID,
    type: 'incident.created',
    description: 'INC-7',
    created_at: '2025-01-01T10:00:00Z',
    created_by: ADA,
  },
];

/** Every call the page makes on load; `extra` adds or replaces routes. */
export function detailRoutes(grants: Grant[], extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(grants, grants === READ ? ['viewer'] : ['commander']),
    'GET /api/db/incidents': { body: [makeIncident()] },
    'GET /api/db/people': { body: PEOPLE },
    'GET /api/db/responders': { body: RESPONDERS },
    'GET /api/db/incident_histories': { body: HISTORY },
    'GET /api/db/teams': { body: [SRE, EMPTY_TEAM] },
    'GET /api/db/config_items': { body: JIRA_INSTANCES },
    'PATCH /api/db/incidents': { body: [] },
    'PATCH /api/db/hypotheses': { body: [] },
    'PATCH /api/db/evidences': { body: [] },
    'PATCH /api/db/responders': { body: [] },
    'POST /api/db/comments': { status: 201, body: [] },
    'POST /api/db/hypotheses': { status: 201, body: [] },
    'POST /api/db/evidences': { status: 201, body: [] },
    'POST /api/db/responders': { status: 201, body: [] },
    'DELETE /api/db/comments': { body: [] },
    'DELETE /api/db/evidences': { body: [] },
    'DELETE /api/db/hypotheses': { body: [] },
    ...extra,
  };
}

/** A response the test releases when it wants to (to see loading states). */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
