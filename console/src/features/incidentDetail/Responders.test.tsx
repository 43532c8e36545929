import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRoutes } from '../../test/mockApi';
import { responderProgress } from './Responders';
import { INCIDENT_ID, RESPONDERS, WRITE, detailRoutes } from './testData';
import { detailHeading, openDetail } from './testPage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(extra: MockRoutes = {}) {
  const api = mockApi(detailRoutes(WRITE, extra));
  openDetail();
  await detailHeading();
  await screen.findByRole('article', { name: 'Responder Grace Hopper' });
  return api;
}

async function startWizard() {
  await userEvent.click(screen.getByRole('button', { name: 'Add Responders' }));
  return screen.findByRole('dialog', { name: 'Select Responder' });
}

describe('Responders panel', () => {
  it('shows each responder with the progress steps, the reached one current', async () => {
    await open();
    const grace = screen.getByRole('article', { name: 'Responder Grace Hopper' });
    const steps = within(grace).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent?.replace(/\d{4}-.*/, ''))).toEqual([
      'Created',
      'Acknowledged',
      'Resolved',
      'Closed',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    const sre = screen.getByRole('article', { name: 'Responder SRE' });
    expect(within(sre).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    expect(sre).toHaveTextContent('Jira');
  });

  it('reads the progress from Vigil and upstream column names', () => {
    const [person] = RESPONDERS;
    if (!person) throw new Error('fixture');
    expect(responderProgress(person).current).toBe(1);
    expect(
      responderProgress({ ...person, acknowledged: null, signoff_time: '2025-01-02T00:00:00Z' })
        .current,
    ).toBe(2);
    expect(responderProgress({ ...person, closed: '2025-01-03T00:00:00Z' }).current).toBe(3);
  });

  it('opens the details after hovering 1000 ms', async () => {
    await open();
    vi.useFakeTimers();
    const sre = screen.getByRole('article', { name: 'Responder SRE' });
    const name = within(sre).getByText('SRE', { selector: 'strong' });
    act(() => {
      fireEvent.mouseEnter(name.parentElement as HTMLElement);
    });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.queryByRole('dialog', { name: 'SRE' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const popover = screen.getByRole('dialog', { name: 'SRE' });
    expect(popover).toHaveTextContent('OPS-42');
    expect(popover).toHaveTextContent('ProjectOPS');
    act(() => {
      fireEvent.mouseLeave(name.parentElement as HTMLElement);
    });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByRole('dialog', { name: 'SRE' })).not.toBeInTheDocument();
  });

  it('soft-deletes a responder after confirmation', async () => {
    const api = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Delete responder SRE' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete responder' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Responder deleted successfully')).toBeInTheDocument();
    const [patch] = api.callsTo('PATCH /api/db/responders');
    expect(patch?.url.searchParams.get('id')).toBe('eq.r-jira');
    expect(patch?.body).toEqual({ deleted_at: 'now()' });
    await waitFor(() => expect(api.callsTo('GET /api/db/responders').length).toBeGreaterThan(1));
  });

  it('shows the message of a failed delete', async () => {
    await open({
      'PATCH /api/db/responders': { status: 403, body: { message: 'write on responder denied' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete responder SRE' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete responder' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('write on responder denied')).toBeInTheDocument();
    expect(screen.queryByText('Responder deleted successfully')).not.toBeInTheDocument();
  });
});

describe('add-responder wizard (§4.3)', () => {
  it('adds a person straight from the first step', async () => {
    const api = await open();
    const dialog = await startWizard();
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Person' }),
      'p-alan',
    );
    expect(add).toBeEnabled();
    await userEvent.click(add);
    expect(await screen.findByText('Responder added successfully')).toBeInTheDocument();
    const [post] = api.callsTo('POST /api/db/responders');
    expect(post?.url.searchParams.get('select')).toBe('*');
    expect(post?.body).toEqual({
      type: 'person',
      incident_id: INCIDENT_ID,
      created_by: 'me-1',
      team_id: null,
      person_id: 'p-alan',
      properties: { responderType: 'person', person: 'p-alan' },
    });
    expect(screen.queryByRole('dialog', { name: 'Select Responder' })).not.toBeInTheDocument();
  });

  it('says when a team has no responders configured', async () => {
    await open();
    const dialog = await startWizard();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Team' }),
      'team-empty',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const types = screen.getByRole('dialog', { name: 'Select Responder Type' });
    expect(
      within(types).getByText('There were no responders configured for this team'),
    ).toBeInTheDocument();
    expect(within(types).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('walks team -> type -> Jira form with defaults, locked values and the cascade', async () => {
    const api = await open();
    const first = await startWizard();
    await userEvent.selectOptions(
      within(first).getByRole('combobox', { name: 'Team' }),
      'team-sre',
    );
    await userEvent.click(within(first).getByRole('button', { name: 'Next' }));

    const types = screen.getByRole('dialog', { name: 'Select Responder Type' });
    const radios = within(types).getAllByRole('radio');
    expect(radios.map((r) => r.closest('.pf-v6-c-radio')?.textContent)).toEqual(['Email', 'Jira']);
    const save = within(types).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(within(types).getByRole('radio', { name: 'Jira' }));
    await userEvent.click(save);

    const form = screen.getByRole('dialog', { name: 'Jira Details' });
    const instance = within(form).getByRole('combobox', { name: 'Jira Instance' });
    // Chosen by the team's id in the instance's external id.
    await waitFor(() => expect(instance).toHaveValue('jira-sre'));
    const instances = api.callsTo('GET /api/db/config_items')[0]?.url.searchParams;
    expect(instances?.get('type')).toBe('ilike.jira');
    const summary = within(form).getByRole('textbox', { name: 'Summary' });
    expect(summary).toHaveValue('[INC-7] Payments API returning 500s');
    const description = within(form).getByRole('textbox', { name: 'Description' });
    expect(description).toHaveValue('Raised from Vigil');
    expect(description).toBeDisabled();
    expect(within(form).getByRole('combobox', { name: 'Priority' })).toHaveValue('High');

    // Saving with picks missing names them.
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getAllByText('Please provide valid value')).toHaveLength(2);
    expect(api.callsTo('POST /api/db/responders')).toHaveLength(0);

    const project = within(form).getByRole('combobox', { name: 'Project' });
    const issueType = within(form).getByRole('combobox', { name: 'Issue Type' });
    expect(issueType).toBeDisabled();
    await userEvent.selectOptions(project, 'OPS');
    expect(
      within(issueType)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select issue type', 'Bug', 'Incident']);
    await userEvent.selectOptions(issueType, 'Incident');
    // A new project resets the issue type.
    await userEvent.selectOptions(project, 'DEV');
    expect(issueType).toHaveValue('');
    await userEvent.selectOptions(issueType, 'Story');
    // A new instance resets project and issue type.
    await userEvent.selectOptions(instance, 'jira-other');
    expect(project).toHaveValue('');
    expect(issueType).toHaveValue('');
    await userEvent.selectOptions(instance, 'jira-sre');
    await userEvent.selectOptions(project, 'DEV');
    await userEvent.selectOptions(issueType, 'Story');
    await userEvent.clear(summary);
    await userEvent.type(summary, 'Pool exhausted');

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Responder added successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/responders')[0]?.body).toEqual({
      type: 'system',
      incident_id: INCIDENT_ID,
      created_by: 'me-1',
      team_id: 'team-sre',
      person_id: null,
      properties: {
        responderType: 'jira',
        instance: 'jira-sre',
        project: 'DEV',
        issueType: 'Story',
        priority: 'High',
        summary: 'Pool exhausted',
        description: 'Raised from Vigil',
      },
    });
  });

  it('goes Back through the steps and starts over when closed', async () => {
    await open();
    const first = await startWizard();
    await userEvent.selectOptions(
      within(first).getByRole('combobox', { name: 'Team' }),
      'team-sre',
    );
    await userEvent.click(within(first).getByRole('button', { name: 'Next' }));
    const types = screen.getByRole('dialog', { name: 'Select Responder Type' });
    await userEvent.click(within(types).getByRole('radio', { name: 'Email' }));
    await userEvent.click(within(types).getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('dialog', { name: 'Email Details' });
    expect(within(form).getByRole('textbox', { name: 'To' })).toHaveValue('sre@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Select Responder Type' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    const again = await startWizard();
    expect(within(again).getByRole('combobox', { name: 'Team' })).toHaveValue('');
  });

  it('shows the error and closes when adding fails', async () => {
    await open({
      'POST /api/db/responders': {
        status: 409,
        body: {
          code: '23503',
          message: 'insert or update on table "responders" violates foreign key',
        },
      },
    });
    const dialog = await startWizard();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Person' }),
      'p-alan',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/violates foreign key/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Select Responder' })).not.toBeInTheDocument();
    expect(screen.queryByText('Responder added successfully')).not.toBeInTheDocument();
  });
});
