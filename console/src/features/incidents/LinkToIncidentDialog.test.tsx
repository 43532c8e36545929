import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Grant } from '../../api/session';
import { mockApi, type MockRoutes } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { componentEvidence, useCanLinkToIncident, type EvidenceAttachment } from './evidence';
import { HYPOTHESIS_MESSAGE, INCIDENT_MESSAGE, validateLink, newLinkForm } from './linkForm';
import { LinkToIncidentButton } from './LinkToIncidentButton';
import { LinkToIncidentDialog } from './LinkToIncidentDialog';
import { INCIDENT_OPTIONS, READ, WRITE, created, incidentRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const EVIDENCE = componentEvidence('c-api', 'payments-api');

function Harness(props: {
  evidence: EvidenceAttachment;
  onLinked: (ok: boolean) => void;
  onClose: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Attach as Evidence</button>
      <LinkToIncidentDialog
        isOpen={open}
        evidence={props.evidence}
        onLinked={props.onLinked}
        onClose={() => {
          props.onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

function open(routes: MockRoutes = {}, evidence = EVIDENCE) {
  const api = mockApi(incidentRoutes(WRITE, routes));
  const onLinked = vi.fn();
  const onClose = vi.fn();
  const page = renderPage(<Harness evidence={evidence} onLinked={onLinked} onClose={onClose} />, {
    path: '/topology',
    session: true,
  });
  return { api, onLinked, onClose, ...page };
}

const dialog = () => screen.getByRole('dialog', { name: 'Link to Incident' });
const inDialog = () => within(dialog());
const link = () => inDialog().getByRole('button', { name: /^Link/ });

async function chooseIncident(name: RegExp) {
  await screen.findByRole('dialog', { name: 'Link to Incident' });
  await userEvent.click(inDialog().getByRole('combobox', { name: 'Incident' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('LinkToIncidentDialog', () => {
  it('needs an incident, and shows severity and type only for a new one', async () => {
    const { api, onLinked } = open();
    await screen.findByRole('dialog', { name: 'Link to Incident' });
    expect(inDialog().getByRole('textbox', { name: 'Description' })).toHaveValue('payments-api');
    expect(inDialog().queryByRole('combobox', { name: 'Severity' })).not.toBeInTheDocument();
    expect(inDialog().queryByRole('combobox', { name: 'Type' })).not.toBeInTheDocument();
    await userEvent.click(link());
    expect(inDialog().getByText('Must select or create an incident')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(onLinked).not.toHaveBeenCalled();
  });

  it('needs a hypothesis when the incident exists', async () => {
    const { api } = open();
    await chooseIncident(/Payments API returning 500s/);
    // Two hypotheses: none is chosen for the user.
    expect(inDialog().getByRole('combobox', { name: 'Hypothesis' })).toHaveValue('');
    expect(inDialog().queryByRole('combobox', { name: 'Severity' })).not.toBeInTheDocument();
    await userEvent.click(link());
    expect(inDialog().getByText('Must select or create a hypothesis')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('adds the evidence to a chosen hypothesis and toasts a link to the incident', async () => {
    const { api, onLinked, onClose, router } = open({
      'POST /api/db/evidences': created({ id: 'e-1' }),
    });
    await chooseIncident(/Payments API returning 500s/);
    await userEvent.click(inDialog().getByRole('combobox', { name: 'Hypothesis' }));
    await userEvent.click(await screen.findByRole('option', { name: /Pool exhausted/ }));
    await userEvent.clear(inDialog().getByRole('textbox', { name: 'Description' }));
    await userEvent.type(inDialog().getByRole('textbox', { name: 'Description' }), 'API pod');
    await userEvent.click(link());

    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/evidences')[0]?.body).toEqual({
      created_by: 'me-1',
      hypothesis_id: 'h-factor',
      type: 'topology',
      description: 'API pod',
      component_id: 'c-api',
    });
    expect(api.callsTo('POST /api/db/incidents')).toHaveLength(0);
    expect(api.callsTo('POST /api/db/hypotheses')).toHaveLength(0);
    expect(onLinked).toHaveBeenCalledWith(true);
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const toLink = screen.getByRole('link', { name: 'View INC-1' });
    expect(toLink).toHaveAttribute('href', '/incidents/inc-1');
    await userEvent.click(toLink);
    expect(router.state.location.pathname).toBe('/incidents/inc-1');
  });

  it("chooses an incident's only hypothesis, or creates a new root one", async () => {
    const { api } = open({
      'POST /api/db/hypotheses': created({ id: 'h-new' }),
      'POST /api/db/evidences': created({ id: 'e-1' }),
    });
    await chooseIncident(/Orders database latency spike/);
    expect(inDialog().getByRole('combobox', { name: 'Hypothesis' })).toHaveValue('Slow query');
    await userEvent.clear(inDialog().getByRole('combobox', { name: 'Hypothesis' }));
    await userEvent.type(
      inDialog().getByRole('combobox', { name: 'Hypothesis' }),
      'Cache stampede',
    );
    await userEvent.click(
      await screen.findByRole('option', { name: 'Create new hypothesis "Cache stampede"' }),
    );
    await userEvent.click(link());
    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/hypotheses')[0]?.body).toEqual({
      created_by: 'me-1',
      incident_id: 'inc-2',
      parent_id: null,
      type: 'root',
      title: 'Cache stampede',
      status: 'possible',
    });
    expect(api.callsTo('POST /api/db/evidences')[0]?.body).toMatchObject({
      hypothesis_id: 'h-new',
    });
  });

  it('creates the incident, its root hypothesis and the evidence, reading Linking.. meanwhile', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { api, onLinked } = open({
      'POST /api/db/incidents': async () => {
        await held;
        return created({ id: 'inc-new', incident_id: 'INC-9', title: 'Checkout down' });
      },
      'POST /api/db/hypotheses': created({ id: 'h-new' }),
      'POST /api/db/evidences': created({ id: 'e-1' }),
    });
    await screen.findByRole('dialog', { name: 'Link to Incident' });
    await userEvent.type(inDialog().getByRole('combobox', { name: 'Incident' }), 'Checkout down');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Create new incident "Checkout down"' }),
    );
    expect(inDialog().getByRole('combobox', { name: 'Type' })).toHaveValue('availability');
    expect(inDialog().getByRole('combobox', { name: 'Severity' })).toHaveValue('low');
    await userEvent.selectOptions(inDialog().getByRole('combobox', { name: 'Severity' }), 'high');
    await userEvent.click(link());

    expect(await inDialog().findByRole('button', { name: 'Linking..' })).toBeDisabled();
    release();
    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/incidents')[0]?.body).toEqual({
      title: 'Checkout down',
      description: '',
      severity: 'high',
      type: 'availability',
      status: 'open',
      created_by: 'me-1',
      commander_id: null,
      communicator_id: null,
    });
    // Without a hypothesis description the root hypothesis takes the incident's title.
    expect(api.callsTo('POST /api/db/hypotheses')[0]?.body).toEqual({
      created_by: 'me-1',
      incident_id: 'inc-new',
      parent_id: null,
      type: 'root',
      title: 'Checkout down',
      status: 'possible',
    });
    expect(api.callsTo('POST /api/db/evidences')[0]?.body).toMatchObject({
      hypothesis_id: 'h-new',
      component_id: 'c-api',
      type: 'topology',
    });
    expect(screen.getByRole('link', { name: 'View INC-9' })).toHaveAttribute(
      'href',
      '/incidents/inc-new',
    );
    expect(onLinked).toHaveBeenCalledWith(true);
  });

  it('logs and stops when the incident cannot be created', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, onLinked } = open({
      'POST /api/db/incidents': {
        status: 403,
        body: { code: '42501', message: 'permission denied: write on incident' },
      },
    });
    await screen.findByRole('dialog', { name: 'Link to Incident' });
    await userEvent.type(inDialog().getByRole('combobox', { name: 'Incident' }), 'Outage');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Create new incident "Outage"' }),
    );
    await userEvent.click(link());
    expect(await inDialog().findByText('permission denied: write on incident')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Incident creation failed', expect.anything());
    expect(api.callsTo('POST /api/db/hypotheses')).toHaveLength(0);
    expect(api.callsTo('POST /api/db/evidences')).toHaveLength(0);
    expect(onLinked).not.toHaveBeenCalled();
    expect(link()).toHaveTextContent('Link');
    expect(link()).toBeEnabled();
  });

  it('reports false when the evidence is refused, and a retry does not create the incident again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let refuse = true;
    const { api, onLinked } = open({
      'POST /api/db/incidents': created({ id: 'inc-new', incident_id: 'INC-9', title: 'Outage' }),
      'POST /api/db/hypotheses': created({ id: 'h-new' }),
      'POST /api/db/evidences': () =>
        refuse
          ? { status: 409, body: { code: '23503', message: 'component does not exist' } }
          : created({ id: 'e-1' }),
    });
    await screen.findByRole('dialog', { name: 'Link to Incident' });
    await userEvent.type(inDialog().getByRole('combobox', { name: 'Incident' }), 'Outage');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Create new incident "Outage"' }),
    );
    await userEvent.click(link());
    expect(await inDialog().findByText('component does not exist')).toBeInTheDocument();
    expect(onLinked).toHaveBeenCalledWith(false);
    expect(screen.queryByText('Linked to incident successfully')).not.toBeInTheDocument();

    refuse = false;
    await userEvent.click(link());
    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/incidents')).toHaveLength(1);
    expect(api.callsTo('POST /api/db/hypotheses')).toHaveLength(1);
    expect(api.callsTo('POST /api/db/evidences')).toHaveLength(2);
    expect(onLinked).toHaveBeenLastCalledWith(true);
  });

  it('starts afresh at each opening', async () => {
    open();
    await chooseIncident(/Payments API returning 500s/);
    await userEvent.click(inDialog().getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Attach as Evidence' }));
    expect(inDialog().getByRole('combobox', { name: 'Incident' })).toHaveValue('');
  });
});

describe('validateLink', () => {
  it('applies the spec rules', () => {
    const [first] = INCIDENT_OPTIONS;
    if (!first) throw new Error('test data');
    const existing = { kind: 'existing' as const, incident: first };
    expect(validateLink(newLinkForm())).toEqual({ incident: INCIDENT_MESSAGE });
    expect(validateLink({ ...newLinkForm(), incident: existing })).toEqual({
      hypothesis: HYPOTHESIS_MESSAGE,
    });
    expect(
      validateLink({
        ...newLinkForm(),
        incident: existing,
        hypothesis: { kind: 'new', title: ' ' },
      }),
    ).toEqual({ hypothesis: HYPOTHESIS_MESSAGE });
    // A new incident needs no hypothesis, but a severity and a type.
    expect(validateLink({ ...newLinkForm(), incident: { kind: 'new', title: 'x' } })).toEqual({});
    expect(
      validateLink({
        ...newLinkForm(),
        incident: { kind: 'new', title: 'x' },
        severity: '',
        type: '',
      }),
    ).toEqual({
      severity: 'Please select incident severity',
      type: 'Please select an incident type',
    });
    expect(newLinkForm()).toMatchObject({ severity: 'low', type: 'availability' });
  });
});

function Probe() {
  return <p>{useCanLinkToIncident() ? 'can link' : 'cannot link'}</p>;
}

describe('useCanLinkToIncident', () => {
  const probe = (grants: Grant[], properties: { name: string; value: string }[] = []) => {
    mockApi({
      ...incidentRoutes(grants),
      'GET /api/properties': { body: properties },
    });
    renderPage(<Probe />, { path: '/', session: true });
  };

  it('needs write on incidents', async () => {
    probe(READ);
    expect(await screen.findByText('cannot link')).toBeInTheDocument();
  });

  it('is off when the incidents feature is disabled', async () => {
    probe(WRITE, [{ name: 'incidents.disable', value: 'true' }]);
    expect(await screen.findByText('cannot link')).toBeInTheDocument();
  });

  it('is on with write and the feature on', async () => {
    probe(WRITE);
    expect(await screen.findByText('can link')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('cannot link')).not.toBeInTheDocument());
  });
});

describe('LinkToIncidentButton', () => {
  const render = (grants: Grant[]) => {
    mockApi(incidentRoutes(grants));
    renderPage(
      <>
        <p>page</p>
        <LinkToIncidentButton evidence={EVIDENCE} />
      </>,
      { path: '/', session: true },
    );
  };

  it('is hidden without write on incidents', async () => {
    render(READ);
    await screen.findByText('page');
    expect(screen.queryByRole('button', { name: 'Attach as Evidence' })).not.toBeInTheDocument();
  });

  it('opens the dialog', async () => {
    render(WRITE);
    await userEvent.click(await screen.findByRole('button', { name: 'Attach as Evidence' }));
    expect(screen.getByRole('dialog', { name: 'Link to Incident' })).toBeInTheDocument();
  });
});
