import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { mockApi } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { READER, playbookRoutes } from '../testData';
import { PlaybookSpecPage } from './PlaybookSpecPage';

// Monaco does not run in jsdom: the Code tab's editor is a plain textarea here.
vi.mock('../../../components/CodeView/CodeView', () => ({
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

const openSpec = (id: string) =>
  renderPage(<PlaybookSpecPage />, {
    path: '/playbooks/:id',
    url: `/playbooks/${id}`,
    session: true,
  });

describe('PlaybookSpecPage', () => {
  it('edits a playbook made in the console and saves it through /api/db', async () => {
    const api = mockApi(playbookRoutes());
    const { router } = openSpec('pb-vacuum');
    const name = await screen.findByLabelText(/^Name/, { selector: '#playbook-name' });
    expect(name).toHaveValue('vacuum-db');
    // Fixed once saved.
    expect(name).toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText(/^Title/), 'Vacuum the database');
    await userEvent.type(screen.getByLabelText(/^Category/), 'Database');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Playbook Spec updated successfully')).toBeInTheDocument();
    const patch = api.callsTo('PATCH /api/db/playbooks')[0];
    expect(patch?.url.searchParams.get('id')).toBe('eq.pb-vacuum');
    expect(patch?.body).toEqual({
      title: 'Vacuum the database',
      icon: null,
      description: null,
      category: 'Database',
      spec: {
        actions: [{ name: 'run', exec: { script: 'echo hi' } }],
        title: 'Vacuum the database',
        category: 'Database',
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks'));
  });

  it("shows the server's message when saving fails, and stays", async () => {
    mockApi(
      playbookRoutes(undefined, {
        'PATCH /api/db/playbooks': { status: 409, body: { message: 'duplicate key value' } },
      }),
    );
    const { router } = openSpec('pb-vacuum');
    await screen.findByLabelText(/^Title/);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Unable to update playbook spec: duplicate key value'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/playbooks/pb-vacuum');
  });

  it('creates a playbook with source UI, its columns filled from the spec', async () => {
    const api = mockApi(playbookRoutes());
    const { router } = openSpec('new');
    await userEvent.type(
      await screen.findByLabelText(/^Name/, { selector: '#playbook-name' }),
      'say-hello',
    );
    await userEvent.type(screen.getByLabelText(/^Description/), 'Says hello');
    // Without actions the spec is refused before it is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The playbook has errors')).toBeInTheDocument();
    expect(screen.getByText('spec.actions: This field is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/playbooks')).toHaveLength(0);

    await userEvent.type(
      screen.getByLabelText(/^Actions/),
      '- name: hello{enter}  exec:{enter}    script: echo hello',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Playbook Spec created successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/playbooks')[0]?.body).toEqual({
      name: 'say-hello',
      namespace: 'default',
      title: 'say-hello',
      icon: null,
      description: 'Says hello',
      category: '',
      spec: {
        description: 'Says hello',
        actions: [{ name: 'hello', exec: { script: 'echo hello' } }],
      },
      source: 'UI',
      created_by: 'me-1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks'));
  });

  it('shows the spec as YAML in the Code tab and takes it back', async () => {
    const api = mockApi(playbookRoutes());
    openSpec('pb-vacuum');
    await screen.findByLabelText(/^Title/);
    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    const yaml = screen.getByRole('textbox', { name: 'YAML' }) as HTMLTextAreaElement;
    expect(parse(yaml.value)).toEqual({
      name: 'vacuum-db',
      namespace: 'default',
      spec: { actions: [{ name: 'run', exec: { script: 'echo hi' } }] },
    });
    await userEvent.clear(yaml);
    await userEvent.paste(
      'name: renamed\nspec:\n  category: Ops\n  actions:\n    - name: run\n      sql:\n        query: vacuum',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/playbooks')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/db/playbooks')[0]?.body).toMatchObject({
      category: 'Ops',
      spec: { category: 'Ops', actions: [{ name: 'run', sql: { query: 'vacuum' } }] },
    });
  });

  it('shows a playbook from kubectl read-only with its source link', async () => {
    mockApi(playbookRoutes());
    openSpec('pb-crd');
    expect(
      await screen.findByText(
        'This playbook is managed outside the console and is read-only here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'kubernetes/platform/scale' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('hides Update and Delete, and refuses new playbooks, without write on playbooks', async () => {
    mockApi(playbookRoutes(READER));
    const { unmount } = openSpec('pb-vacuum');
    expect(await screen.findByLabelText(/^Title/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    unmount();
    mockApi(playbookRoutes(READER));
    openSpec('new');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });

  it('deletes from the editor after confirmation', async () => {
    const api = mockApi(playbookRoutes());
    const { router } = openSpec('pb-vacuum');
    await screen.findByLabelText(/^Title/);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Playbook' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Vacuum database?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Playbook Spec deleted successfully')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/db/playbooks')[0]?.body).toEqual({ deleted_at: 'now()' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks'));
  });

  it('says "No resources found" for an unknown playbook', async () => {
    mockApi(playbookRoutes());
    openSpec('nope');
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });
});
