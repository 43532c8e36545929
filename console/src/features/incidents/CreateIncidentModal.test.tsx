import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { validateIncident, newIncidentForm } from './incidentForm';
import { IncidentListPage } from './IncidentListPage';
import { created, incidentRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const NEW_ROW = {
  id: 'inc-new',
  incident_id: 'INC-7',
  title: 'Disk full on db-1',
  description: '',
  severity: 'low',
  type: 'availability',
  status: 'open',
  created_at: new Date().toISOString(),
};

async function openModal() {
  const page = renderPage(<IncidentListPage />, {
    path: '/incidents',
    url: '/incidents',
    session: true,
  });
  await screen.findByText('Payments API returning 500s');
  await userEvent.click(screen.getByRole('button', { name: 'Create New Incident' }));
  return { ...page, dialog: screen.getByRole('dialog', { name: 'Create New Incident' }) };
}

describe('Create New Incident', () => {
  it('starts with status open, severity Low and type availability', async () => {
    mockApi(incidentRoutes());
    const { dialog } = await openModal();
    const select = (name: string) => within(dialog).getByRole('combobox', { name });
    expect(select('Type')).toHaveValue('availability');
    expect(select('Severity')).toHaveValue('low');
    expect(within(select('Severity')).getByRole('option', { selected: true })).toHaveTextContent(
      'Low',
    );
    expect(select('Status')).toHaveValue('open');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Commander' })).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Communicator' })).toHaveValue('');
  });

  it('requires a title and sends nothing without one', async () => {
    const api = mockApi(incidentRoutes());
    const { dialog } = await openModal();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/incidents')).toHaveLength(0);
  });

  it('posts the incident with the chosen people, adds its root hypothesis and opens it', async () => {
    const api = mockApi(
      incidentRoutes(undefined, {
        'POST /api/db/incidents': created(NEW_ROW),
        'POST /api/db/hypotheses': created({ id: 'h-new' }),
      }),
    );
    const { dialog, router } = await openModal();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Title' }),
      '  Disk full on db-1 ',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'df 100%');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'cost');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Severity' }),
      'critical',
    );
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Status' }),
      'investigating',
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Commander' }));
    await userEvent.click(await screen.findByRole('option', { name: /Bob Jones/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents/inc-new'));
    const post = api.callsTo('POST /api/db/incidents')[0];
    expect(post?.headers.get('Prefer')).toContain('return=representation');
    expect(post?.body).toEqual({
      title: 'Disk full on db-1',
      description: 'df 100%',
      severity: 'critical',
      type: 'cost',
      status: 'investigating',
      created_by: 'me-1',
      commander_id: 'p-bob',
      communicator_id: null,
    });
    expect(api.callsTo('POST /api/db/hypotheses')[0]?.body).toEqual({
      created_by: 'me-1',
      incident_id: 'inc-new',
      parent_id: null,
      type: 'root',
      title: 'Disk full on db-1',
      status: 'possible',
    });
  });

  it('still opens the incident when its root hypothesis cannot be added', async () => {
    mockApi(
      incidentRoutes(undefined, {
        'POST /api/db/incidents': created(NEW_ROW),
        'POST /api/db/hypotheses': { status: 500, body: { message: 'nope' } },
      }),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog, router } = await openModal();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Disk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents/inc-new'));
    expect(error).toHaveBeenCalled();
  });

  it("toasts the server's message and stays open when the create is refused", async () => {
    const api = mockApi(
      incidentRoutes(undefined, {
        'POST /api/db/incidents': {
          status: 400,
          body: {
            code: '23514',
            message: 'incident INC-8 cannot have status "archived"',
            details: null,
            hint: null,
          },
        },
      }),
    );
    const { dialog, router } = await openModal();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Disk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('incident INC-8 cannot have status "archived"'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Incident' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/incidents');
    expect(api.callsTo('POST /api/db/hypotheses')).toHaveLength(0);
  });

  it('closes on Cancel and starts afresh next time', async () => {
    mockApi(incidentRoutes());
    const { dialog } = await openModal();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Draft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create New Incident' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });
});

describe('validateIncident', () => {
  it('checks the create schema with the spec messages', () => {
    expect(validateIncident({ ...newIncidentForm(), title: 'ok' })).toEqual({});
    expect(
      validateIncident({ title: '', description: '', type: '', severity: 'Low', status: '' }),
    ).toEqual({
      title: 'This field is required',
      type: 'Please select an incident type',
      severity: 'Please select incident severity',
      status: 'This field is required',
    });
    expect(validateIncident({ ...newIncidentForm(), title: 'x', severity: 'info' })).toEqual({
      severity: 'Please select incident severity',
    });
  });
});
