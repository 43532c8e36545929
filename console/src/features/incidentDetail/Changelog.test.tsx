import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { ChangelogList } from './Changelog';
import { HISTORY_SELECT } from './api';
import type { IncidentHistory } from './model';
import { ADA, GRACE, INCIDENT_ID, WRITE, detailRoutes } from './testData';
import { detailHeading, openDetail } from './testPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const base = { incident_id: INCIDENT_ID, created_at: '2025-01-01T10:00:00Z', created_by: ADA };

const EVENTS: IncidentHistory[] = [
  { ...base, id: '1', type: 'incident.created', description: 'INC-7' },
  { ...base, id: '2', type: 'incident.status_updated', description: 'mitigated' },
  {
    ...base,
    id: '3',
    type: 'incident_status.updated',
    description: 'resolved: every definition-of-done item holds (2 items)',
    created_by: null,
  },
  {
    ...base,
    id: '4',
    type: 'responder.created',
    description: null,
    responder: { id: 'r', team: { id: 't', name: 'SRE' }, person: null },
  },
  {
    ...base,
    id: '5',
    type: 'responder.commented',
    description: null,
    responder: { id: 'r2', person: GRACE, team: null },
    comment: { id: 'c', comment: 'OPS-42 created' },
  },
  {
    ...base,
    id: '6',
    type: 'evidence.created',
    description: null,
    evidence: { id: 'e', type: 'config_change', description: 'Image bumped' },
    hypothesis: { id: 'h', title: 'Bad deploy' },
  },
  {
    ...base,
    id: '7',
    type: 'evidence.done_definition_added',
    description: null,
    evidence: {
      id: 'e2',
      type: 'check',
      description: null,
      checks: { id: 'c', name: 'api-health' },
    },
  },
  {
    ...base,
    id: '8',
    type: 'hypothesis.created',
    description: 'possible',
    hypothesis: { id: 'h', title: 'Bad deploy' },
  },
  {
    ...base,
    id: '9',
    type: 'hypothesis.status_updated',
    description: 'disproven',
    hypothesis: { id: 'h', title: 'Bad deploy' },
  },
  { ...base, id: '10', type: 'something.else', description: 'x' },
];

describe('Changelog', () => {
  it('renders every event kind', () => {
    render(
      <MemoryRouter>
        <ChangelogList history={EVENTS} />
      </MemoryRouter>,
    );
    const items = within(screen.getByRole('list', { name: 'Changelog' }))
      .getAllByRole('listitem')
      .map((li) =>
        li
          .querySelector('strong')
          ?.parentElement?.textContent?.replace(/\s+/g, ' ')
          .replace(/ \d+\w+ ago$/, '')
          .trim(),
      );
    expect(items).toEqual([
      'Ada Admin created the incident INC-7',
      'Ada Admin marked the incident as mitigated',
      'System status changed automatically to resolved (every definition-of-done item holds (2 items))',
      'Ada Admin added responder SRE',
      'Ada Admin Grace Hopper commented: OPS-42 created',
      'Ada Admin added config change evidence Image bumped to Bad deploy',
      'Ada Admin added health check evidence api-health to the definition of done',
      'Ada Admin added hypothesis Bad deploy, status is Possible',
      'Ada Admin marked hypothesis Bad deploy as Disproven',
      'Ada Admin something.else: x',
    ]);
  });

  it("says 'No changelog found' when empty", () => {
    render(<ChangelogList history={[]} />);
    expect(screen.getByText('No changelog found')).toBeInTheDocument();
  });

  it('reads incident_histories with its embeds, newest first', async () => {
    const api = mockApi(detailRoutes(WRITE));
    openDetail();
    await detailHeading();
    expect(await screen.findByText(/created the incident/)).toBeInTheDocument();
    const params = api.callsTo('GET /api/db/incident_histories')[0]?.url.searchParams;
    expect(params?.get('select')).toBe(HISTORY_SELECT);
    expect(params?.get('order')).toBe('created_at.desc');
    expect(HISTORY_SELECT).toContain('evidence:evidences(');
    expect(HISTORY_SELECT).toContain('responder:responders(');
  });
});
