import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_RESOURCES } from '../../components/SettingsResource/SettingsResource';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { ResourceDetailPage } from '../settings/ResourceDetailPage';
import { ResourceListPage } from '../settings/ResourceListPage';
import { ADD_MEMBERS_TITLE } from './AddMembersDialog';
import { NO_MEMBERS } from './TeamMembers';
import { TEAMS } from './teamsKind';
import { ADA, GRACE, READ, SRE, WRITE, teamRoutes } from './testData';

vi.mock('../../components/CodeView/CodeView', () => ({
  CodeView: (props: { value: string }) => <pre>{props.value}</pre>,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const openList = () =>
  renderPage(<ResourceListPage kind={TEAMS} />, { path: '/settings/teams', session: true });
const openTeam = (id = SRE.id) =>
  renderPage(<ResourceDetailPage kind={TEAMS} />, {
    path: '/settings/teams/:id',
    url: `/settings/teams/${id}`,
    session: true,
  });
const elsewhere = () => screen.findByTestId('elsewhere');

describe('/settings/teams', () => {
  it('lists teams_with_status with their last job, newest first; a row opens the team', async () => {
    const api = mockApi(teamRoutes(WRITE));
    openList();
    const table = await screen.findByRole('grid', { name: 'Teams' });
    const q = api.callsTo('GET /api/db/teams_with_status')[0]?.url.searchParams;
    expect(q?.get('select')).toBe('*,created_by(id,name,avatar)');
    expect(q?.get('deleted_at')).toBe('is.null');
    expect(q?.get('order')).toBe('created_at.desc');
    expect(q?.get('limit')).toBe('100');
    const row = within(table).getByRole('row', { name: /SRE/ });
    expect(row).toHaveTextContent('FAILED');
    expect(row).toHaveTextContent('Ada Admin');
    expect(screen.getByRole('button', { name: 'Add Team' })).toBeInTheDocument();
    await userEvent.click(row);
    expect(await elsewhere()).toHaveTextContent(`/settings/teams/${SRE.id}`);
  });

  it('says "No resources found" with no teams, and offers no add button to readers', async () => {
    mockApi(
      teamRoutes(READ, {
        'GET /api/db/teams_with_status': { body: [], headers: { 'Content-Range': '*/0' } },
      }),
    );
    openList();
    expect(await screen.findByText(NO_RESOURCES)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Team' })).toBeNull();
  });
});

describe('a team', () => {
  it('answers an unknown id with the breadcrumb and "No resources found"', async () => {
    mockApi(teamRoutes(WRITE));
    openTeam('nope');
    expect(await screen.findByText(NO_RESOURCES)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Teams');
  });

  it('has Spec, Members and Job History tabs; the name is fixed', async () => {
    mockApi(teamRoutes(WRITE));
    openTeam();
    expect(await screen.findByRole('tab', { name: 'Spec' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Job History' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/, { selector: '#team-name' })).toHaveAttribute('readonly');
  });

  it(
    'saves a notification channel into the spec, keeping the rest, then returns to the list',
    { timeout: 20_000 },
    async () => {
      const api = mockApi(teamRoutes(WRITE));
      openTeam();
      await userEvent.click(await screen.findByRole('button', { name: 'Add notification' }));
      await userEvent.click(screen.getByRole('button', { name: 'Update' }));
      // An empty channel is refused.
      expect(await screen.findAllByText('This field is required')).not.toHaveLength(0);
      expect(api.callsTo('PATCH /api/db/teams')).toHaveLength(0);

      await userEvent.selectOptions(
        screen.getByRole('combobox', { name: 'Connection' }),
        'connection://default/slack-ops',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Add notification' }));
      await userEvent.selectOptions(
        screen.getByRole('combobox', { name: 'Notification 2 kind' }),
        'url',
      );
      await userEvent.click(screen.getByRole('textbox', { name: 'URL' }));
      await userEvent.paste('ntfy://ntfy.sh/ops');
      await userEvent.click(screen.getByRole('button', { name: 'Update' }));

      await waitFor(() => expect(api.callsTo('PATCH /api/db/teams')).toHaveLength(1));
      const patch = api.callsTo('PATCH /api/db/teams')[0];
      expect(patch?.url.searchParams.get('id')).toBe(`eq.${SRE.id}`);
      expect(patch?.body).toEqual({
        name: 'SRE',
        icon: null,
        spec: {
          responder_clients: { jira: { project: 'OPS' } },
          notifications: [
            { connection: 'connection://default/slack-ops' },
            { url: 'ntfy://ntfy.sh/ops' },
          ],
        },
      });
      expect(await screen.findByText('SRE updated successfully')).toBeInTheDocument();
      expect(await elsewhere()).toHaveTextContent('/settings/teams');
    },
  );

  it('soft-deletes after asking', async () => {
    const api = mockApi(teamRoutes(WRITE));
    openTeam();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Team' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/teams')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/db/teams')[0]?.body).toEqual({ deleted_at: 'now()' });
    expect(await screen.findByText('SRE deleted successfully')).toBeInTheDocument();
    expect(await elsewhere()).toHaveTextContent('/settings/teams');
  });

  it('creates a team with source UI and who made it', async () => {
    const api = mockApi(teamRoutes(WRITE));
    openTeam('new');
    await userEvent.type(await screen.findByLabelText(/^Name/, { selector: '#team-name' }), 'DBA');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/db/teams')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/teams')[0]?.body).toEqual({
      name: 'DBA',
      icon: null,
      spec: {},
      source: 'UI',
      created_by: 'me-1',
    });
    expect(await screen.findByText('DBA created successfully')).toBeInTheDocument();
  });
});

describe('the Members tab', () => {
  /** A user in the dialog's list, as a person clicks it (on its name). */
  const user = async (name: string) =>
    within(await screen.findByRole('menuitem', { name: new RegExp(name) })).getByText(name);
  const members = async () => {
    await userEvent.click(await screen.findByRole('tab', { name: 'Members' }));
    return screen.findByRole('grid', { name: 'Team members' });
  };

  it(
    'adds two users, then removes one, toasting each and reloading the list',
    { timeout: 30_000 },
    async () => {
      const api = mockApi(teamRoutes(WRITE));
      openTeam();
      const table = await members();
      expect(await within(table).findByText(NO_MEMBERS)).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Add Members' }));
      const dialog = await screen.findByRole('dialog', { name: ADD_MEMBERS_TITLE });
      const add = within(dialog).getByRole('button', { name: 'Add' });
      expect(add).toBeDisabled();
      // The list filters by name or e-mail as one types.
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search users' }), 'LIN');
      expect(within(dialog).getAllByRole('menuitem')).toHaveLength(1);
      await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Search users' }));
      await userEvent.click(await user('Ada Lovelace'));
      await userEvent.click(await user('Grace Hopper'));
      expect(add).toBeEnabled();
      await userEvent.click(add);

      expect(
        await screen.findByText('Ada Lovelace, Grace Hopper added to the team successfully'),
      ).toBeInTheDocument();
      expect(api.callsTo('POST /api/db/team_members')[0]?.body).toEqual([
        { team_id: SRE.id, person_id: ADA.id },
        { team_id: SRE.id, person_id: GRACE.id },
      ]);
      await within(table).findByText('grace@example.com');
      expect(screen.queryByRole('dialog', { name: ADD_MEMBERS_TITLE })).toBeNull();

      await userEvent.click(
        within(table).getByRole('button', { name: 'Actions for Grace Hopper' }),
      );
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove user' }));
      expect(
        await screen.findByText('Grace Hopper removed from team successfully'),
      ).toBeInTheDocument();
      const q = api.callsTo('DELETE /api/db/team_members')[0]?.url.searchParams;
      // Out of this team only: the spec's person_id-only delete would empty every team.
      expect(q?.get('team_id')).toBe(`eq.${SRE.id}`);
      expect(q?.get('person_id')).toBe(`eq.${GRACE.id}`);
      await waitFor(() => expect(within(table).queryByText('grace@example.com')).toBeNull());
      expect(within(table).getByText('ada@example.com')).toBeInTheDocument();
    },
  );

  it('toasts the server message when an add fails, keeping the dialog open', async () => {
    mockApi(
      teamRoutes(WRITE, {
        'POST /api/db/team_members': {
          status: 403,
          body: { message: "permission denied: this team's Permissions grant more than you hold" },
        },
      }),
    );
    openTeam();
    await members();
    await userEvent.click(screen.getByRole('button', { name: 'Add Members' }));
    const dialog = await screen.findByRole('dialog', { name: ADD_MEMBERS_TITLE });
    await userEvent.click(await user('Ada Lovelace'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(
        "permission denied: this team's Permissions grant more than you hold",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: ADD_MEMBERS_TITLE })).toBeInTheDocument();
  });

  it('offers no add or remove to readers', async () => {
    mockApi(teamRoutes(READ, {}, [ADA]));
    openTeam();
    const table = await members();
    await within(table).findByText('ada@example.com');
    expect(screen.queryByRole('button', { name: 'Add Members' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Actions for/ })).toBeNull();
  });
});
