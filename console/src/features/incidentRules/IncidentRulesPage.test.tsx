import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { IncidentRulesPage } from './IncidentRulesPage';
import { LIST_ROWS, READ, WRITE, ruleRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () =>
  renderPage(<IncidentRulesPage />, { path: '/settings/incident_rules', session: true });

const listed = { body: LIST_ROWS, headers: { 'Content-Range': '0-1/2' } };

describe('IncidentRulesPage', () => {
  it('lists the plain incident_rules table with the generic list query', async () => {
    const api = mockApi(ruleRoutes(READ, { 'GET /api/db/incident_rules': listed }));
    open();
    const table = await screen.findByRole('grid', { name: 'Incident Rules' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Priority', 'Source', 'Created By', 'Created', 'Updated']);
    const critical = (await screen.findByText('page-on-critical')).closest('tr') as HTMLElement;
    expect(critical).toHaveTextContent('Ada Admin');
    expect(critical).toHaveTextContent('2h ago');
    expect(critical).toHaveTextContent('5m ago');
    expect(critical.querySelector('td[data-label="Priority"]')).toHaveTextContent('1');
    const file = screen.getByText('from-file').closest('tr') as HTMLElement;
    expect(file).toHaveTextContent('Linked to local file');

    const calls = api.callsTo('GET /api/db/incident_rules');
    expect(calls).toHaveLength(1);
    const query = calls[0]?.url.searchParams;
    expect(query?.get('select')).toBe('*,created_by(id,name,avatar)');
    expect(query?.get('deleted_at')).toBe('is.null');
    expect(query?.get('order')).toBe('created_at.desc');
    expect(query?.get('limit')).toBe('100');
    expect(query?.get('offset')).toBe('0');
    expect(api.callsTo('GET /api/db/incident_rules_with_status')).toHaveLength(0);
  });

  it('says "No resources found" when there are none', async () => {
    mockApi(
      ruleRoutes(READ, {
        'GET /api/db/incident_rules': { body: [], headers: { 'Content-Range': '*/0' } },
      }),
    );
    open();
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('opens a rule on row click, and adds one for writers', async () => {
    mockApi(ruleRoutes(WRITE, { 'GET /api/db/incident_rules': listed }));
    const { router } = open();
    await userEvent.click(await screen.findByText('page-on-critical'));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/settings/incident_rules/r1');
    await router.navigate('/settings/incident_rules');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Incident Rule' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(
      '/settings/incident_rules/new',
    );
  });

  it('has no add button without write on incidents', async () => {
    mockApi(ruleRoutes(READ, { 'GET /api/db/incident_rules': listed }));
    open();
    await screen.findByText('page-on-critical');
    expect(screen.queryByRole('button', { name: 'Add Incident Rule' })).not.toBeInTheDocument();
  });

  it('is Unauthorized without read on incidents', async () => {
    const api = mockApi(ruleRoutes([], { 'GET /api/db/incident_rules': listed }));
    open();
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/incident_rules')).toHaveLength(0);
  });
});
