import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { TEMPLATE_DEFAULTS } from './document';
import { IncidentRulePage } from './IncidentRulePage';
import { FILE_RULE, READ, UI_RULE, WRITE, ruleRoutes } from './testData';

// Monaco does not run in jsdom: the Code tab's editor is a plain textarea here.
vi.mock('../../components/CodeView/CodeView', () => ({
  CodeView: (props: { value: string; readOnly?: boolean; onChange?: (v: string) => void }) => (
    <textarea
      aria-label="YAML"
      value={props.value}
      readOnly={props.readOnly}
      onChange={(e) => props.onChange?.(e.target.value)}
    />
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (id: string) =>
  renderPage(<IncidentRulePage />, {
    path: '/settings/incident_rules/:id',
    url: `/settings/incident_rules/${id}`,
    session: true,
  });

const section = (name: string) => screen.getByRole('group', { name });
const codeTab = () => userEvent.click(screen.getByRole('tab', { name: 'Code' }));
const formTab = () => userEvent.click(screen.getByRole('tab', { name: 'Form' }));
const yamlBox = () => screen.getByRole('textbox', { name: 'YAML' }) as HTMLTextAreaElement;
const yamlValue = () => parse(yamlBox().value) as Record<string, unknown>;
const ruleName = () => screen.getByLabelText(/^Name/, { selector: '#rule-name' });

describe('new incident rule', () => {
  it('starts from the engine defaults, with source UI and no Delete', async () => {
    mockApi(ruleRoutes(WRITE));
    open('new');
    expect(await screen.findByRole('tab', { name: 'Form' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Incident Rules',
    );
    expect(screen.getByLabelText('Source')).toHaveValue('UI');
    expect(screen.getByLabelText('Source')).toHaveAttribute('readonly');
    expect(within(section('Filter')).getByLabelText('Unhealthy')).toBeChecked();
    expect(within(section('Template')).getByLabelText(/^Title/)).toHaveValue(
      TEMPLATE_DEFAULTS.title,
    );
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Job History' })).not.toBeInTheDocument();
  });

  it('Save posts {name, spec, source: UI, created_by} with every field, reading Saving', async () => {
    let release: () => void = () => undefined;
    const api = mockApi(
      ruleRoutes(WRITE, {
        'POST /api/db/incident_rules': () =>
          new Promise((resolve) => {
            release = () => resolve({ status: 201 });
          }),
      }),
    );
    open('new');
    await userEvent.type(await screen.findByLabelText(/^Name/), 'page-on-critical');
    await userEvent.type(screen.getByLabelText(/^Priority/), '2');
    await userEvent.click(screen.getByLabelText('Break on match'));

    const filter = section('Filter');
    await userEvent.click(within(filter).getByLabelText('Components'));
    await userEvent.click(within(filter).getByLabelText('Warning'));
    await userEvent.click(within(filter).getByLabelText('Critical'));
    await userEvent.type(within(filter).getByLabelText(/^Type/), 'http{enter}tcp');
    await userEvent.click(within(filter).getByRole('button', { name: 'Add Labels' }));
    await userEvent.type(within(filter).getByRole('textbox', { name: 'Labels key 1' }), 'env');
    await userEvent.type(within(filter).getByRole('textbox', { name: 'Labels value 1' }), 'prod');
    await userEvent.type(within(filter).getByLabelText(/^Age/), '10m');

    const template = section('Template');
    await userEvent.type(within(template).getByLabelText('Description'), 'Paged by the rule');
    await userEvent.selectOptions(within(template).getByLabelText('Type'), 'Security');
    await userEvent.selectOptions(within(template).getByLabelText('Severity'), 'Critical');

    const responders = section('Responders');
    await userEvent.type(within(responders).getByLabelText(/^Person/), 'ada@example.com');
    await userEvent.type(within(responders).getByLabelText(/^Team/), 'sre');
    await userEvent.click(within(responders).getByRole('button', { name: 'Add Email' }));
    await userEvent.type(within(responders).getByLabelText('Email 1 to'), 'oncall@example.com');
    await userEvent.type(within(responders).getByLabelText('Email 1 subject'), 'Down');

    await userEvent.click(within(section('Auto Resolve')).getByLabelText('Enabled'));
    await userEvent.type(within(section('Auto Resolve')).getByLabelText(/^Timeout/), '15m');
    await userEvent.click(within(section('Auto Close')).getByLabelText('Enabled'));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: /Saving/ })).toBeDisabled();
    release();
    await waitFor(() =>
      expect(screen.getByTestId('elsewhere')).toHaveTextContent('/settings/incident_rules'),
    );
    expect(await screen.findByText('page-on-critical created successfully')).toBeInTheDocument();
    const posts = api.callsTo('POST /api/db/incident_rules');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      name: 'page-on-critical',
      spec: {
        filter: {
          resources: ['component'],
          status: ['unhealthy', 'warning'],
          severity: ['critical'],
          type: ['http', 'tcp'],
          labels: { env: 'prod' },
          age: '10m',
        },
        template: {
          title: TEMPLATE_DEFAULTS.title,
          description: 'Paged by the rule',
          type: 'security',
          severity: 'critical',
        },
        responders: {
          person: ['ada@example.com'],
          team: ['sre'],
          email: [{ to: 'oncall@example.com', subject: 'Down' }],
        },
        autoResolve: { enabled: true, timeout: '15m' },
        autoClose: { enabled: true },
        priority: 2,
        breakOnMatch: true,
      },
      source: 'UI',
      created_by: 'me-1',
    });
  });

  it('shows the §5 messages and posts nothing while the form is invalid', async () => {
    const api = mockApi(ruleRoutes(WRITE));
    open('new');
    await screen.findByLabelText(/^Name/);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(1);
    expect(ruleName()).toHaveAttribute('aria-invalid', 'true');
    const summary = screen.getByText('The incident rule has errors').closest('.pf-v6-c-alert');
    expect(summary).toHaveTextContent('name: This field is required');

    await userEvent.type(screen.getByLabelText(/^Priority/), 'abc');
    expect(screen.getByText('This field must be a number')).toBeInTheDocument();
    await userEvent.type(within(section('Filter')).getByLabelText(/^Age/), 'soon');
    expect(
      within(section('Filter')).getByText('This field must be a duration such as 30s, 5m or 1h'),
    ).toBeInTheDocument();
    await userEvent.click(within(section('Responders')).getByRole('button', { name: 'Add Email' }));
    expect(within(section('Responders')).getByText('This field is required')).toBeInTheDocument();

    await userEvent.type(ruleName(), 'r');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(summary).toHaveTextContent('spec.priority: This field must be a number');
    expect(summary).toHaveTextContent('spec.responders.email.0.to: This field is required');
    expect(summary).not.toHaveTextContent('name: This field is required');
    expect(api.callsTo('POST /api/db/incident_rules')).toHaveLength(0);
  });

  it('keeps the Form and Code tabs in step, ignoring invalid YAML', async () => {
    mockApi(ruleRoutes(WRITE));
    open('new');
    await userEvent.type(await screen.findByLabelText(/^Name/), 'r');
    await userEvent.type(screen.getByLabelText(/^Priority/), '3');

    await codeTab();
    expect(yamlValue()).toEqual({
      name: 'r',
      spec: {
        filter: { status: ['unhealthy'] },
        template: { ...TEMPLATE_DEFAULTS },
        priority: 3,
      },
    });

    const changed = yamlBox()
      .value.replace(
        'priority: 3',
        'priority: 7\n  breakOnMatch: true\n  autoClose:\n    timeout: 1h',
      )
      .replace('- unhealthy', '- warning');
    fireEvent.change(yamlBox(), { target: { value: changed } });
    fireEvent.change(yamlBox(), { target: { value: `${changed}\n  filter: [oops` } });
    expect(screen.getByText(/not valid YAML/)).toBeInTheDocument();

    await formTab();
    expect(screen.getByLabelText(/^Priority/)).toHaveValue('7');
    expect(screen.getByLabelText('Break on match')).toBeChecked();
    expect(within(section('Filter')).getByLabelText('Warning')).toBeChecked();
    expect(within(section('Filter')).getByLabelText('Unhealthy')).not.toBeChecked();
    const autoClose = section('Auto Close');
    expect(within(autoClose).getByLabelText('Enabled')).toBeChecked();
    expect(within(autoClose).getByLabelText(/^Timeout/)).toHaveValue('1h');

    // Back in the Code tab the form's change shows again.
    await userEvent.type(within(section('Responders')).getByLabelText(/^Team/), 'sre');
    await codeTab();
    expect(yamlValue()).toEqual({
      name: 'r',
      spec: {
        filter: { status: ['warning'] },
        template: { ...TEMPLATE_DEFAULTS },
        priority: 7,
        breakOnMatch: true,
        autoClose: { timeout: '1h' },
        responders: { team: ['sre'] },
      },
    });
  });

  it('is not offered without write on incidents', async () => {
    mockApi(ruleRoutes(READ));
    open('new');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });
});

describe('existing incident rule', () => {
  it('loads by id, fixes the name, and Update patches the row', async () => {
    const api = mockApi(
      ruleRoutes(WRITE, {
        'GET /api/db/incident_rules': { body: [UI_RULE] },
        'PATCH /api/db/incident_rules': { status: 204 },
      }),
    );
    open('r1');
    const name = await screen.findByLabelText(/^Name/, { selector: '#rule-name' });
    expect(name).toHaveValue('page-on-critical');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Source')).toHaveValue('UI');
    expect(api.callsTo('GET /api/db/incident_rules')[0]?.url.searchParams.get('id')).toBe('eq.r1');
    expect(within(section('Filter')).getByLabelText('Critical')).toBeChecked();
    expect(within(section('Template')).getByLabelText('Severity')).toHaveValue('high');
    expect(within(section('Auto Resolve')).getByLabelText(/^Timeout/)).toHaveValue('5m');

    const priority = screen.getByLabelText(/^Priority/);
    await userEvent.clear(priority);
    await userEvent.type(priority, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('page-on-critical updated successfully')).toBeInTheDocument();
    const patches = api.callsTo('PATCH /api/db/incident_rules');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.url.searchParams.get('id')).toBe('eq.r1');
    expect(patches[0]?.body).toEqual({
      name: 'page-on-critical',
      spec: { ...UI_RULE.spec, priority: 5 },
    });
    expect(api.callsTo('POST /api/db/incident_rules')).toHaveLength(0);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/settings/incident_rules');
  });

  it('reads Updating while the update is pending and toasts a refusal', async () => {
    let answer: (r: { status: number; body: unknown }) => void = () => undefined;
    mockApi(
      ruleRoutes(WRITE, {
        'GET /api/db/incident_rules': { body: [UI_RULE] },
        'PATCH /api/db/incident_rules': () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      }),
    );
    open('r1');
    await userEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('button', { name: /Updating/ })).toBeDisabled();
    answer({ status: 403, body: { message: 'permission denied: write on incident' } });
    expect(await screen.findByText('permission denied: write on incident')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('Delete asks, soft-deletes with deleted_at and toasts "{name} deleted successfully"', async () => {
    const api = mockApi(
      ruleRoutes(WRITE, {
        'GET /api/db/incident_rules': { body: [UI_RULE] },
        'PATCH /api/db/incident_rules': { status: 204 },
      }),
    );
    open('r1');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Incident Rule' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete page-on-critical?');
    expect(api.callsTo('PATCH /api/db/incident_rules')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('page-on-critical deleted successfully')).toBeInTheDocument();
    const [patch] = api.callsTo('PATCH /api/db/incident_rules');
    expect(patch?.url.searchParams.get('id')).toBe('eq.r1');
    expect(patch?.body).toEqual({ deleted_at: 'now()' });
    expect(api.callsTo('DELETE /api/db/incident_rules')).toHaveLength(0);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/settings/incident_rules');
  });

  it('is read-only, with its source, when it does not come from the UI', async () => {
    mockApi(ruleRoutes(WRITE, { 'GET /api/db/incident_rules': { body: [FILE_RULE] } }));
    open('r2');
    expect(await screen.findByText(/managed outside the console/)).toBeInTheDocument();
    expect(screen.getByText('Linked to local file')).toBeInTheDocument();
    expect(screen.getByLabelText('Source')).toHaveValue('ConfigFile');
    expect(ruleName()).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Priority/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Break on match')).toBeDisabled();
    expect(within(section('Filter')).getByLabelText(/^Type/)).toHaveAttribute('readonly');
    expect(within(section('Filter')).getByLabelText('Unhealthy')).toBeDisabled();
    expect(within(section('Template')).getByLabelText('Type')).toBeDisabled();
    expect(within(section('Auto Resolve')).getByLabelText('Enabled')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Labels' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await codeTab();
    expect(yamlBox()).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('is read-only for a user without write on incidents', async () => {
    mockApi(ruleRoutes(READ, { 'GET /api/db/incident_rules': { body: [UI_RULE] } }));
    open('r1');
    expect(await screen.findByLabelText(/^Priority/)).toHaveAttribute('readonly');
    expect(screen.queryByText(/managed outside the console/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says "No resources found" for an unknown or deleted id', async () => {
    mockApi(
      ruleRoutes(WRITE, {
        'GET /api/db/incident_rules': {
          body: [{ ...UI_RULE, deleted_at: '2026-11-02T00:00:00Z' }],
        },
      }),
    );
    open('r1');
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('lists its job history, newest first and paged', async () => {
    const api = mockApi(
      ruleRoutes(WRITE, {
        'GET /api/db/incident_rules': { body: [UI_RULE] },
        'GET /api/db/job_histories': {
          body: [
            {
              id: 'j1',
              name: 'IncidentRuleRun',
              status: 'WARNING',
              resource_type: 'incident_rule',
              resource_id: 'r1',
              resource_name: 'page-on-critical',
              hostname: 'vigil-0',
              agent: null,
              success_count: 2,
              error_count: 1,
              duration_millis: 250,
              time_start: '2026-11-01T10:00:00Z',
              time_end: null,
              created_at: '2026-11-01T10:00:00Z',
              details: null,
            },
          ],
          headers: { 'Content-Range': '0-0/1' },
        },
      }),
    );
    open('r1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Job History' }));
    const row = (await screen.findByText('IncidentRuleRun')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('WARNING');
    expect(row).toHaveTextContent('250ms');
    expect(row).toHaveTextContent('vigil-0');
    const call = api.callsTo('GET /api/db/job_histories')[0];
    expect(call?.url.searchParams.get('resource_type')).toBe('eq.incident_rule');
    expect(call?.url.searchParams.get('resource_id')).toBe('eq.r1');
    expect(call?.url.searchParams.get('order')).toBe('created_at.desc');
    expect(call?.url.searchParams.get('limit')).toBe('150');
    expect(call?.url.searchParams.get('offset')).toBe('0');
    expect(call?.headers.get('Prefer')).toContain('count=exact');
  });
});
