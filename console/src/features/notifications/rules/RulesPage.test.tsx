import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRoutes } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { READER, RULES, WRITER, notificationRoutes, ruleRecord } from '../testData';
import { RulesPage } from './RulesPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url = '/notifications/rules') =>
  renderPage(<RulesPage />, { path: '/notifications/rules', url, session: true });

const STORED = [
  ruleRecord({
    id: 'rule-1',
    title: 'Payments failures',
    events: ['check.failed', 'config.unhealthy'],
    filter: 'check.name == "api-health"',
    person_id: 'p-2',
    repeat_interval: '1h',
    template: '# {{.check.name}} failed',
    properties: { 'slack.channel': 'alerts' },
  }),
  ruleRecord({
    id: 'rule-2',
    title: 'From kubectl',
    events: ['component.unhealthy'],
    team_id: 't-1',
    source: 'KubernetesCRD',
  }),
];

function routes(grants = WRITER, extra: MockRoutes = {}): MockRoutes {
  return notificationRoutes(grants, {
    'GET /api/db/notifications': (req) => ({
      body: STORED.filter((r) => `eq.${r.id}` === req.url.searchParams.get('id')),
    }),
    'POST /api/db/notifications': (req) => ({
      status: 201,
      body: [{ id: 'rule-new', ...(req.body as object) }],
    }),
    'PATCH /api/db/notifications': { body: [{ id: 'rule-1' }] },
    ...extra,
  });
}

/** The rule dialog once its rule has loaded (a spinner shows first). */
async function form(name: string) {
  await screen.findByLabelText('Title');
  return screen.getByRole('dialog', { name });
}

describe('RulesPage', () => {
  it('lists rules with their send statistics, newest first, counted', async () => {
    const api = mockApi(routes(READER));
    open();
    const table = within(await screen.findByRole('grid', { name: 'Notification rules' }));
    await table.findByText('Payments failures');
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Events',
      'Title',
      'Filter',
      'Pending',
      'Failed',
      'Sent',
      'Avg Duration',
      'Repeat Interval',
      'Created At',
      'Updated At',
      'Created By',
    ]);
    const [first] = table.getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(
      'check.failedconfig.unhealthyPayments failurescheck.name == "api-health"24121.5s1h10h ago1h agoAAAda Admin',
    );
    const call = api.callsTo('GET /api/db/notifications_summary')[0];
    expect(call?.url.searchParams.get('select')).toBe(
      '*,person:person_id(id,name,avatar,email),team:team_id(id,name,icon),created_by(id,name,avatar)',
    );
    expect(call?.url.searchParams.get('order')).toBe('created_at.desc');
    expect(call?.url.searchParams.get('limit')).toBe('50');
    expect(call?.url.searchParams.get('offset')).toBe('0');
    expect(call?.headers.get('Prefer')).toContain('count=exact');
    // Readers add nothing.
    expect(screen.queryByRole('button', { name: 'Add Rule' })).not.toBeInTheDocument();
  });

  it('shows the most common error when the failed count is clicked, without opening the rule', async () => {
    mockApi(routes(READER));
    const { router } = open();
    await userEvent.click(
      await screen.findByRole('button', { name: '4 failed: show the most common error' }),
    );
    const popover = await screen.findByRole('dialog', { name: /Most common error/ });
    expect(popover).toHaveTextContent('slack: channel_not_found');
    expect(router.state.location.search).toBe('');
  });

  it('pages with the shared pagination, the page kept in the URL', async () => {
    const api = mockApi(
      routes(READER, {
        'GET /api/db/notifications_summary': {
          body: RULES,
          headers: { 'Content-Range': '0-49/75' },
        },
      }),
    );
    const { router } = open();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(
        api.callsTo('GET /api/db/notifications_summary').at(-1)?.url.searchParams.get('offset'),
      ).toBe('50'),
    );
  });

  it('opens a rule from its row into the form with its stored fields', async () => {
    const api = mockApi(routes());
    const { router } = open();
    await userEvent.click(await screen.findByText('Payments failures'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=rule-1'));
    const dialog = await form('Edit Notification Rule');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Payments failures');
    expect(within(dialog).getByLabelText('Filter')).toHaveValue('check.name == "api-health"');
    expect(within(dialog).getByLabelText('Repeat Interval')).toHaveValue('1h');
    expect(within(dialog).getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(within(dialog).getByLabelText('Custom template')).toHaveValue(
      '# {{.check.name}} failed',
    );
    expect(within(dialog).getByLabelText('Properties')).toHaveValue(
      '{\n  "slack.channel": "alerts"\n}',
    );
    expect(within(dialog).getByRole('button', { name: 'Person' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await within(dialog).findByDisplayValue('Grace Hopper')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Chosen events' })).toHaveTextContent(
      'check.failedconfig.unhealthy',
    );
    const get = api.callsTo('GET /api/db/notifications')[0];
    expect(get?.url.searchParams.get('id')).toBe('eq.rule-1');
  });

  it('saves an edit with PATCH, returning the row, and says so', async () => {
    const api = mockApi(routes());
    open('/notifications/rules?id=rule-1');
    const dialog = await form('Edit Notification Rule');
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Payments down');
    await userEvent.selectOptions(within(dialog).getByLabelText('Repeat Interval'), '');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification updated successfully')).toBeInTheDocument();
    const patch = api.callsTo('PATCH /api/db/notifications')[0];
    expect(patch?.url.searchParams.get('id')).toBe('eq.rule-1');
    expect(patch?.headers.get('Prefer')).toContain('return=representation');
    expect(patch?.body).toEqual({
      title: 'Payments down',
      events: ['check.failed', 'config.unhealthy'],
      filter: 'check.name == "api-health"',
      person_id: 'p-2',
      team_id: null,
      custom_services: null,
      repeat_interval: null,
      template: '# {{.check.name}} failed',
      properties: { 'slack.channel': 'alerts' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('adds a rule from ?id=new: events and one recipient are required, then POST with created_by', async () => {
    const api = mockApi(routes());
    const { router } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Rule' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=new'));
    const dialog = await form('Add Notification Rule');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Select at least one event')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Choose exactly one recipient: a person, a team or others'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/notifications')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Events' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'config.unhealthy' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'check.failed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Events' }));
    expect(within(dialog).queryByText('Select at least one event')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Team' }));
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Team' }), 'SR');
    await userEvent.click(await screen.findByRole('option', { name: 'SRE' }));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Health alerts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification updated successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/notifications')[0]?.body).toEqual({
      title: 'Health alerts',
      events: ['config.unhealthy', 'check.failed'],
      filter: null,
      person_id: null,
      team_id: 't-1',
      custom_services: null,
      repeat_interval: null,
      template: null,
      properties: null,
      source: 'UI',
      created_by: 'me-1',
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('switching the recipient clears the others: a person becomes a connection', async () => {
    const api = mockApi(routes());
    open('/notifications/rules?id=rule-1');
    const dialog = await form('Edit Notification Rule');
    await within(dialog).findByDisplayValue('Grace Hopper');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Others' }));
    // Nothing chosen under Others yet: the person is gone, so there is no recipient.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('Choose exactly one recipient: a person, a team or others'),
    ).toBeInTheDocument();
    const connection = within(dialog).getByRole('combobox', { name: 'Connection' });
    await within(dialog).findByRole('option', { name: 'slack-alerts (slack)' });
    await userEvent.selectOptions(connection, 'slack-alerts (slack)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Notification updated successfully');
    expect(api.callsTo('PATCH /api/db/notifications')[0]?.body).toMatchObject({
      person_id: null,
      team_id: null,
      custom_services: [{ name: 'to', connection: 'connection://default/slack-alerts' }],
    });
  });

  it('sends to a URL under Others', async () => {
    const api = mockApi(routes());
    open('/notifications/rules?id=new');
    const dialog = await form('Add Notification Rule');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Events' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'check.failed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Events' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Others' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'URL' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'URL' }),
      'ntfy://ntfy.sh/alerts',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Notification updated successfully');
    expect(api.callsTo('POST /api/db/notifications')[0]?.body).toMatchObject({
      custom_services: [{ name: 'to', url: 'ntfy://ntfy.sh/alerts' }],
    });
  });

  it('refuses properties that are not JSON, saying why', async () => {
    const api = mockApi(routes());
    open('/notifications/rules?id=rule-1');
    const dialog = await form('Edit Notification Rule');
    const properties = within(dialog).getByLabelText('Properties');
    await userEvent.clear(properties);
    await userEvent.type(properties, 'not json');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(/^Properties are not valid JSON: /)).toBeInTheDocument();
    // userEvent reads '[[' as one '['.
    await userEvent.clear(properties);
    await userEvent.type(properties, '[[1]');
    expect(
      within(dialog).getByText('Properties must be a JSON object, such as {"key": "value"}'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/db/notifications')).toHaveLength(0);
  });

  it('shows the server message when a save is refused, and keeps the form open', async () => {
    mockApi(
      routes(WRITER, {
        'PATCH /api/db/notifications': {
          status: 403,
          body: { message: 'permission denied: write on notifications' },
        },
      }),
    );
    open('/notifications/rules?id=rule-1');
    const dialog = await form('Edit Notification Rule');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('permission denied: write on notifications'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Notification Rule' })).toBeInTheDocument();
  });

  it('shows a rule applied with kubectl read-only, with a note and no Save', async () => {
    mockApi(routes());
    open('/notifications/rules?id=rule-2');
    const dialog = await form('Edit Notification Rule');
    expect(
      within(dialog).getByText(
        'This rule is managed outside the console and cannot be edited here',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('KubernetesCRD')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toBeDisabled();
  });

  it('shows a rule read-only to those without write', async () => {
    mockApi(routes(READER));
    open('/notifications/rules?id=rule-1');
    const dialog = await form('Edit Notification Rule');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toBeDisabled();
  });

  it('deletes a UI rule softly after confirmation', async () => {
    const api = mockApi(routes());
    open('/notifications/rules?id=rule-1');
    const dialog = await form('Edit Notification Rule');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Notification Rule' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this notification rule?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Notification deleted successfully')).toBeInTheDocument();
    const patch = api.callsTo('PATCH /api/db/notifications')[0];
    expect(patch?.url.searchParams.get('id')).toBe('eq.rule-1');
    expect(patch?.body).toEqual({ deleted_at: 'now()' });
  });
});
