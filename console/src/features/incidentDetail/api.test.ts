import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import {
  createResponder,
  deleteHypotheses,
  errorDetails,
  errorMessage,
  fetchIncident,
  removeResponder,
  updateIncidentStatus,
} from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('incident detail calls', () => {
  it("logs 'No id' and sends nothing for an update without an incident id", async () => {
    const api = mockApi();
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await updateIncidentStatus(undefined, 'closed')).toBe(false);
    expect(log).toHaveBeenCalledWith('No id');
    expect(api.calls).toHaveLength(0);
  });

  it('PATCH incidents?id=eq.X {status}', async () => {
    const api = mockApi({ 'PATCH /api/db/incidents': { body: [] } });
    expect(await updateIncidentStatus('i1', 'closed')).toBe(true);
    expect(api.calls[0]?.url.searchParams.get('id')).toBe('eq.i1');
    expect(api.calls[0]?.body).toEqual({ status: 'closed' });
  });

  it('answers null for a missing incident and throws other failures', async () => {
    mockApi({ 'GET /api/db/incidents': { body: [] } });
    expect(await fetchIncident('x')).toBeNull();
    mockApi({ 'GET /api/db/incidents': { status: 500, body: { message: 'boom' } } });
    await expect(fetchIncident('x')).rejects.toThrow('boom');
  });

  it('deletes comments, then evidences, then hypotheses, stopping at the first failure', async () => {
    const api = mockApi({
      'DELETE /api/db/comments': { body: [] },
      'DELETE /api/db/evidences': { status: 409, body: { message: 'conflict' } },
      'DELETE /api/db/hypotheses': { body: [] },
    });
    await expect(deleteHypotheses(['h1'])).rejects.toThrow('conflict');
    expect(api.calls.map((c) => c.url.pathname)).toEqual(['/api/db/comments', '/api/db/evidences']);
  });

  it('POST responders?select=* and the soft delete', async () => {
    const api = mockApi({
      'POST /api/db/responders': { status: 201, body: [{ id: 'r' }] },
      'PATCH /api/db/responders': { body: [] },
    });
    await createResponder(
      {
        type: 'system',
        incident_id: 'i',
        team_id: 't',
        person_id: null,
        properties: { responderType: 'email', to: 'a@b' },
      },
      'me',
    );
    expect(api.calls[0]?.url.searchParams.get('select')).toBe('*');
    expect(api.calls[0]?.headers.get('Prefer')).toContain('return=representation');
    await removeResponder('r');
    expect(api.calls[1]?.body).toEqual({ deleted_at: 'now()' });
  });

  it("words failures with the server's message and details", () => {
    expect(errorMessage(new Error('refused'))).toBe('refused');
    expect(errorMessage({})).toBe('An error occurred');
    expect(
      errorDetails({ details: 'A closed incident cannot move to new.', hint: 'Reopen it.' }),
    ).toBe('A closed incident cannot move to new. Reopen it.');
    expect(errorDetails({})).toBeUndefined();
  });
});
