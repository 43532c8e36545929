import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { READER, playbookRoutes } from '../testData';
import { PlaybooksPage } from './PlaybooksPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () => renderPage(<PlaybooksPage />, { path: '/playbooks', session: true });
const card = (title: string) => screen.getByRole('article', { name: title });

describe('PlaybooksPage', () => {
  it('groups the playbooks by category, the uncategorized last', async () => {
    const api = mockApi(playbookRoutes());
    open();
    await screen.findByRole('article', { name: 'Restart deployment' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Database',
      'Kubernetes',
      'Uncategorized',
    ]);
    const kubernetes = within(screen.getByRole('region', { name: 'Kubernetes' }));
    expect(kubernetes.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Restart deployment',
      'Scale',
    ]);
    const query = api.callsTo('GET /api/db/playbooks')[0]?.url.searchParams;
    expect(query?.get('deleted_at')).toBe('is.null');
    expect(within(card('Restart deployment')).getByRole('link', { name: 'Runs' })).toHaveAttribute(
      'href',
      '/playbooks/runs?playbook=pb-restart',
    );
  });

  it('offers Run, Edit and Delete to writers of playbooks only', async () => {
    mockApi(playbookRoutes());
    const { unmount } = open();
    await screen.findByRole('article', { name: 'Hello' });
    const hello = within(card('Hello'));
    expect(hello.getByRole('button', { name: 'Run' })).toBeInTheDocument();
    expect(hello.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(hello.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Playbook' })).toBeInTheDocument();
    // A playbook with selectors runs from its resource, and says so.
    const restart = within(card('Restart deployment'));
    expect(restart.queryByRole('button', { name: 'Run' })).not.toBeInTheDocument();
    expect(
      restart.getByText("Runs from a config: start it from that resource's Playbooks menu."),
    ).toBeInTheDocument();
    // One applied with kubectl is read-only here, with its source.
    const scale = within(card('Scale'));
    expect(scale.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(scale.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(scale.getByRole('link', { name: 'kubernetes/platform/scale' })).toHaveAttribute(
      'href',
      '/k8s/apis/mission-control.flanksource.com/v1/namespaces/platform/playbooks/scale',
    );
    unmount();

    mockApi(playbookRoutes(READER));
    open();
    await screen.findByRole('article', { name: 'Hello' });
    expect(screen.queryByRole('button', { name: 'Run' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Playbook' })).not.toBeInTheDocument();
    expect(within(card('Hello')).getByRole('link', { name: 'Hello' })).toHaveAttribute(
      'href',
      '/playbooks/pb-hello',
    );
  });

  it('runs a playbook without selectors with no resource', async () => {
    const api = mockApi(
      playbookRoutes(undefined, {
        'POST /api/playbook/pb-hello/params': { body: { params: [] } },
        'POST /api/playbook/run': { status: 201, body: { run_id: 'run-9', status: 'scheduled' } },
      }),
    );
    const { router } = open();
    await screen.findByRole('article', { name: 'Hello' });
    await userEvent.click(within(card('Hello')).getByRole('button', { name: 'Run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run Playbook' });
    expect(await within(dialog).findByText('No parameters for this playbook.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/playbook/pb-hello/params')[0]?.body).toEqual({});
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks/runs/run-9'));
    expect(api.callsTo('POST /api/playbook/run')[0]?.body).toEqual({ id: 'pb-hello', params: {} });
  });

  it('deletes a playbook after confirmation (soft delete) and says so', async () => {
    const api = mockApi(playbookRoutes());
    open();
    await screen.findByRole('article', { name: 'Vacuum database' });
    await userEvent.click(within(card('Vacuum database')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Playbook' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Vacuum database?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Playbook Spec deleted successfully')).toBeInTheDocument();
    const patch = api.callsTo('PATCH /api/db/playbooks')[0];
    expect(patch?.url.searchParams.get('id')).toBe('eq.pb-vacuum');
    expect(patch?.body).toEqual({ deleted_at: 'now()' });
    // The list is read again.
    await waitFor(() => expect(api.callsTo('GET /api/db/playbooks').length).toBeGreaterThan(1));
  });

  it("shows the server's message when a delete fails", async () => {
    mockApi(
      playbookRoutes(undefined, {
        'PATCH /api/db/playbooks': { status: 403, body: { message: 'permission denied' } },
      }),
    );
    open();
    await screen.findByRole('article', { name: 'Hello' });
    await userEvent.click(within(card('Hello')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Playbook' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Unable to delete playbook spec: permission denied'),
    ).toBeInTheDocument();
  });

  it('says so when there are no playbooks', async () => {
    mockApi(playbookRoutes(undefined, { 'GET /api/db/playbooks': { body: [] } }));
    open();
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });
});
