import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { CanaryPage } from './CanaryPage';
import { KUBE_CANARY, READ, UI_CANARY, WRITE, canaryRoutes } from './testData';

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
  renderPage(<CanaryPage />, {
    path: '/settings/canaries/:id',
    url: `/settings/canaries/${id}`,
    session: true,
  });

const codeTab = () => userEvent.click(screen.getByRole('tab', { name: 'Code' }));
const formTab = () => userEvent.click(screen.getByRole('tab', { name: 'Form' }));
const yamlBox = () => screen.getByRole('textbox', { name: 'YAML' }) as HTMLTextAreaElement;
const canaryName = () => screen.getByLabelText(/^Name/, { selector: '#canary-name' });
const yamlValue = () => parse(yamlBox().value) as Record<string, unknown>;

async function startNew(type = 'HTTP') {
  await userEvent.click(await screen.findByRole('button', { name: type }));
}

describe('new health check', () => {
  it('offers every health check type of the spec', async () => {
    mockApi(canaryRoutes(WRITE));
    open('new');
    const chooser = await screen.findByRole('region', { name: 'Health check type' });
    const names = within(chooser)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual([
      'HTTP',
      'AWS Config Rule',
      'AWS Config',
      'GitHub',
      'EC2',
      'LDAP',
      'Pod',
      'Exec',
      'Alert Manager',
      'Cloud Watch',
      'Elasticsearch',
      'Redis',
      'Mongo DB',
      'DNS',
      'ICMP Ping',
      'GCS',
      'AWS S3',
      'SMB',
      'SFTP',
      'Folder',
      'Prometheus',
      'Kubernetes',
      'SQL Query',
      'Mission Control Catalog',
      'Azure DevOps',
      'JMeter',
      'JUnit',
      'Dynatrace',
      'Kubernetes Namespace',
      'TCP',
      'Custom',
      'Back',
    ]);
  });

  it('saves an HTTP check: POST /canaries with the row, then back to the list', async () => {
    let release: () => void = () => undefined;
    const api = mockApi(
      canaryRoutes(WRITE, {
        'POST /api/db/canaries': () =>
          new Promise((resolve) => {
            release = () => resolve({ status: 201 });
          }),
      }),
    );
    open('new');
    await startNew('HTTP');
    await userEvent.type(canaryName(), 'web');
    await userEvent.clear(screen.getByLabelText(/^Namespace/));
    await userEvent.type(screen.getByLabelText(/^Namespace/), 'prod');
    await userEvent.click(screen.getByRole('button', { name: 'Add Labels' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Labels key 1' }), 'team');
    await userEvent.type(screen.getByRole('textbox', { name: 'Labels value 1' }), 'sre');
    await userEvent.selectOptions(screen.getByLabelText('Schedule'), '@hourly');
    const check = screen.getByRole('region', { name: 'HTTP check 1' });
    await userEvent.type(within(check).getByLabelText(/^Name/), 'home');
    await userEvent.type(within(check).getByLabelText(/^URL/), 'https://example.com');
    await userEvent.selectOptions(within(check).getByLabelText('Method'), 'POST');
    await userEvent.type(within(check).getByLabelText('Request Body'), 'ping');
    await userEvent.click(within(check).getByLabelText('Go Template'));
    await userEvent.click(within(check).getByLabelText('201'));
    await userEvent.type(within(check).getByLabelText(/^Threshold/), '250');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: /Saving/ })).toBeDisabled();
    release();
    await waitFor(() =>
      expect(screen.getByTestId('elsewhere')).toHaveTextContent('/settings/canaries'),
    );
    expect(await screen.findByText('web created successfully')).toBeInTheDocument();
    const [post] = api.callsTo('POST /api/db/canaries');
    expect(post?.body).toEqual({
      name: 'web',
      namespace: 'prod',
      labels: { team: 'sre' },
      spec: {
        schedule: '@hourly',
        http: [
          {
            name: 'home',
            url: 'https://example.com',
            method: 'POST',
            body: 'ping',
            templateBody: true,
            responseCodes: [201],
            thresholdMillis: 250,
          },
        ],
      },
      source: 'UI',
      created_by: 'me-1',
    });
  });

  it('shows the §5 messages and posts nothing while the form is invalid', async () => {
    const api = mockApi(canaryRoutes(WRITE));
    open('new');
    await startNew('HTTP');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Canary name, check name and URL, at the fields and in the summary.
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    const summary = screen.getByText('The health check has errors').closest('.pf-v6-c-alert');
    expect(summary).toHaveTextContent('spec.http.0.url: This field is required');
    const check = screen.getByRole('region', { name: 'HTTP check 1' });
    await userEvent.type(within(check).getByLabelText(/^Threshold/), 'abc');
    expect(within(check).getByText('This field must be a number')).toBeInTheDocument();
    await userEvent.clear(within(check).getByLabelText(/^Max SSL Expiry/));
    await userEvent.type(within(check).getByLabelText(/^Max SSL Expiry/), '-1');
    expect(within(check).getByText('This field must be at least 0')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.callsTo('POST /api/db/canaries')).toHaveLength(0);
  });

  it('requires what §5 names for the type: Exec name and script', async () => {
    mockApi(canaryRoutes(WRITE));
    open('new');
    await startNew('Exec');
    const check = screen.getByRole('region', { name: 'Exec check 1' });
    await userEvent.type(within(check).getByLabelText(/^Name/), 'x');
    await userEvent.clear(within(check).getByLabelText(/^Name/));
    expect(within(check).getByText('This field is required')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const script = within(check).getByLabelText(/^Script/);
    expect(script).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the Form and Code tabs in step, ignoring invalid YAML', async () => {
    mockApi(canaryRoutes(WRITE));
    open('new');
    await startNew('HTTP');
    await userEvent.type(canaryName(), 'web');
    const url = within(screen.getByRole('region', { name: 'HTTP check 1' })).getByLabelText(/^URL/);
    await userEvent.type(url, 'https://a.example');

    await codeTab();
    expect(yamlValue()).toEqual({
      name: 'web',
      namespace: 'default',
      spec: { schedule: '@every 5m', http: [{ name: '', url: 'https://a.example' }] },
    });

    const changed = yamlBox().value.replace('https://a.example', 'https://b.example');
    fireEvent.change(yamlBox(), { target: { value: changed } });
    fireEvent.change(yamlBox(), { target: { value: `${changed}\n  http: [oops` } });
    expect(screen.getByText(/not valid YAML/)).toBeInTheDocument();
    await formTab();
    const check = screen.getByRole('region', { name: 'HTTP check 1' });
    expect(within(check).getByLabelText(/^URL/)).toHaveValue('https://b.example');

    // Back in the Code tab the form's change shows again.
    await userEvent.type(within(check).getByLabelText(/^Name/), 'home');
    await codeTab();
    expect(yamlValue().spec).toEqual({
      schedule: '@every 5m',
      http: [{ name: 'home', url: 'https://b.example' }],
    });
  });

  it('Authentication sets one flag and clears the others; None clears the credentials', async () => {
    mockApi(canaryRoutes(WRITE));
    open('new');
    await startNew('HTTP');
    const check = () => screen.getByRole('region', { name: 'HTTP check 1' });
    await userEvent.selectOptions(within(check()).getByLabelText('Authentication'), 'NTLM');
    await userEvent.type(within(check()).getByLabelText('Username'), 'ada');
    await userEvent.selectOptions(within(check()).getByLabelText('Authentication'), 'NTLMv2');
    await codeTab();
    const http = () => (yamlValue().spec as { http: Record<string, unknown>[] }).http[0];
    expect(http()).toEqual({ name: '', url: '', ntlmv2: true, username: { value: 'ada' } });
    await formTab();
    await userEvent.selectOptions(within(check()).getByLabelText('Authentication'), 'None');
    expect(within(check()).queryByLabelText('Username')).not.toBeInTheDocument();
    await codeTab();
    expect(http()).toEqual({ name: '', url: '' });
  });

  it('Script selector: changing it clears the previous script', async () => {
    mockApi(canaryRoutes(WRITE));
    open('new');
    await startNew('HTTP');
    const check = () => screen.getByRole('region', { name: 'HTTP check 1' });
    await userEvent.selectOptions(within(check()).getByLabelText('Test Script'), 'Expr');
    await userEvent.type(within(check()).getByLabelText('Test (Expr)'), 'code == 200');
    await codeTab();
    const http = () => (yamlValue().spec as { http: Record<string, unknown>[] }).http[0];
    expect(http()?.test).toEqual({ expr: 'code == 200' });
    await formTab();
    await userEvent.selectOptions(within(check()).getByLabelText('Test Script'), 'Javascript');
    await codeTab();
    expect(http()?.test).toEqual({ javascript: '' });
  });

  it('shows the body section only for POST and PUT', async () => {
    mockApi(canaryRoutes(WRITE));
    open('new');
    await startNew('HTTP');
    const check = screen.getByRole('region', { name: 'HTTP check 1' });
    expect(within(check).queryByLabelText('Request Body')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(check).getByLabelText('Method'), 'PUT');
    expect(within(check).getByLabelText('Request Body')).toBeInTheDocument();
    await userEvent.selectOptions(within(check).getByLabelText('Method'), 'DELETE');
    expect(within(check).queryByLabelText('Request Body')).not.toBeInTheDocument();
  });

  it('offers the settings schedules', async () => {
    mockApi(canaryRoutes(WRITE));
    open('new');
    await startNew('TCP');
    const options = within(screen.getByLabelText('Schedule'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      '@every 30s',
      '@every 1m',
      '@every 5m',
      '@every 30m',
      '@hourly',
      '@every 6h',
      '@daily',
      '@weekly',
    ]);
  });

  it('a type Vigil does not run opens in the Code tab with a starter and a note', async () => {
    mockApi(canaryRoutes(WRITE));
    open('new');
    await startNew('LDAP');
    expect(screen.getByText(/Vigil does not run LDAP checks yet/)).toBeInTheDocument();
    expect(yamlValue().spec).toMatchObject({
      ldap: [{ name: 'ldap', bindDN: expect.any(String) }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('region', { name: 'Health check type' })).toBeInTheDocument();
  });

  it('is not offered without write on canaries', async () => {
    mockApi(canaryRoutes(READ));
    open('new');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });
});

describe('existing health check', () => {
  it('loads by id, fixes name and namespace, and Update patches the row', async () => {
    const api = mockApi(
      canaryRoutes(WRITE, {
        'GET /api/db/canaries': { body: [UI_CANARY] },
        'PATCH /api/db/canaries': { status: 204 },
      }),
    );
    open('c1');
    const name = await screen.findByLabelText(/^Name/, { selector: '#canary-name' });
    expect(name).toHaveValue('web');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Namespace/)).toHaveAttribute('readonly');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Health Checks',
    );
    const get = api.callsTo('GET /api/db/canaries')[0];
    expect(get?.url.searchParams.get('id')).toBe('eq.c1');

    const check = screen.getByRole('region', { name: 'HTTP check 1' });
    const threshold = within(check).getByLabelText(/^Threshold/);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '900');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('web updated successfully')).toBeInTheDocument();
    const [patch] = api.callsTo('PATCH /api/db/canaries');
    expect(patch?.url.searchParams.get('id')).toBe('eq.c1');
    expect(patch?.body).toEqual({
      name: 'web',
      namespace: 'prod',
      labels: { team: 'sre' },
      spec: {
        schedule: '@every 1m',
        http: [{ name: 'home', url: 'https://example.com', thresholdMillis: 900 }],
      },
    });
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/settings/canaries');
  });

  it('reads Updating while the update is pending and toasts a refusal', async () => {
    let answer: (r: { status: number; body: unknown }) => void = () => undefined;
    mockApi(
      canaryRoutes(WRITE, {
        'GET /api/db/canaries': { body: [UI_CANARY] },
        'PATCH /api/db/canaries': () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      }),
    );
    open('c1');
    await userEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('button', { name: /Updating/ })).toBeDisabled();
    answer({ status: 403, body: { message: 'permission denied: write on canaries' } });
    expect(await screen.findByText('permission denied: write on canaries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('Delete asks, soft-deletes with deleted_at and toasts "{name} deleted successfully"', async () => {
    const api = mockApi(
      canaryRoutes(WRITE, {
        'GET /api/db/canaries': { body: [UI_CANARY] },
        'PATCH /api/db/canaries': { status: 204 },
      }),
    );
    open('c1');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Health Check' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete web?');
    expect(api.callsTo('PATCH /api/db/canaries')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('web deleted successfully')).toBeInTheDocument();
    const [patch] = api.callsTo('PATCH /api/db/canaries');
    expect(patch?.url.searchParams.get('id')).toBe('eq.c1');
    expect(patch?.body).toEqual({ deleted_at: 'now()' });
    expect(api.callsTo('DELETE /api/db/canaries')).toHaveLength(0);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/settings/canaries');
  });

  it('is read-only with a source link when it comes from Kubernetes', async () => {
    mockApi(canaryRoutes(WRITE, { 'GET /api/db/canaries': { body: [KUBE_CANARY] } }));
    open('c2');
    const link = await screen.findByRole('link', { name: 'kubernetes/payments/api' });
    expect(link).toHaveAttribute(
      'href',
      '/k8s/apis/canaries.flanksource.com/v1/namespaces/payments/canaries/api',
    );
    const check = screen.getByRole('region', { name: 'TCP check 1' });
    expect(within(check).getByLabelText(/^Endpoint/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Schedule')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add TCP check/ })).not.toBeInTheDocument();
    await codeTab();
    expect(yamlBox()).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('is read-only for a user without write on canaries', async () => {
    mockApi(canaryRoutes(READ, { 'GET /api/db/canaries': { body: [UI_CANARY] } }));
    open('c1');
    const check = await screen.findByRole('region', { name: 'HTTP check 1' });
    expect(within(check).getByLabelText(/^URL/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says "No resources found" for an unknown or deleted id', async () => {
    mockApi(
      canaryRoutes(WRITE, {
        'GET /api/db/canaries': { body: [{ ...UI_CANARY, deleted_at: '2026-11-02T00:00:00Z' }] },
      }),
    );
    open('c1');
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('lists its job history, newest first and paged', async () => {
    const api = mockApi(
      canaryRoutes(WRITE, {
        'GET /api/db/canaries': { body: [UI_CANARY] },
        'GET /api/db/job_histories': {
          body: [
            {
              id: 'j1',
              name: 'CanaryRun',
              status: 'FAILED',
              resource_type: 'canary',
              resource_id: 'c1',
              resource_name: 'web',
              hostname: 'vigil-0',
              agent: null,
              success_count: 0,
              error_count: 1,
              duration_millis: 1500,
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
    open('c1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Job History' }));
    const row = (await screen.findByText('CanaryRun')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('FAILED');
    expect(row).toHaveTextContent('1.5s');
    const call = api.callsTo('GET /api/db/job_histories')[0];
    expect(call?.url.searchParams.get('resource_type')).toBe('eq.canary');
    expect(call?.url.searchParams.get('resource_id')).toBe('eq.c1');
    expect(call?.url.searchParams.get('order')).toBe('created_at.desc');
    expect(call?.url.searchParams.get('limit')).toBe('150');
    expect(call?.url.searchParams.get('offset')).toBe('0');
    expect(call?.headers.get('Prefer')).toContain('count=exact');
  });
});
