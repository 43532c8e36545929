import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { IntegrationPage, UNKNOWN_TYPE } from './IntegrationPage';
import { READER, WRITER, integrationRoutes } from './testData';

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
  sessionStorage.clear();
});

const open = (type: string, id: string) =>
  renderPage(<IntegrationPage />, {
    path: '/settings/integrations/:type/:id',
    url: `/settings/integrations/${type}/${id}`,
    session: true,
  });

describe('IntegrationPage', () => {
  it('says "Unknown type" for a type that is no integration', async () => {
    mockApi(integrationRoutes());
    open('canaries', 'c-1');
    expect(await screen.findByText(UNKNOWN_TYPE)).toBeInTheDocument();
    expect(UNKNOWN_TYPE).toBe('Unknown type');
  });

  it('needs write on integrations', async () => {
    mockApi(integrationRoutes(READER));
    open('scrapers', 'sc-1');
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
  });

  it(
    'edits a scraper in its Edit Form, shows its Job History, and returns to the list on save',
    { timeout: 20_000 },
    async () => {
      const api = mockApi(integrationRoutes());
      const { router } = open('scrapers', 'sc-1');
      const cluster = await screen.findByLabelText(/^Cluster Name/);
      expect(screen.getByRole('tab', { name: 'Edit Form' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(cluster).toHaveValue('prod');

      await userEvent.click(screen.getByRole('tab', { name: 'Job History' }));
      const job = (await screen.findByText('vigil-0')).closest('tr') as HTMLElement;
      expect(job).toHaveTextContent('SUCCESS');
      const jobs = api.callsTo('GET /api/db/job_histories')[0];
      expect(jobs?.url.searchParams.get('resource_id')).toBe('eq.sc-1');

      await userEvent.click(screen.getByRole('tab', { name: 'Edit Form' }));
      const field = await screen.findByLabelText(/^Cluster Name/);
      await userEvent.clear(field);
      await userEvent.type(field, 'staging');
      await userEvent.click(screen.getByRole('button', { name: 'Update' }));
      await waitFor(() => expect(api.callsTo('PATCH /api/db/config_scrapers')).toHaveLength(1));
      const patch = api.callsTo('PATCH /api/db/config_scrapers')[0];
      expect(patch?.url.searchParams.get('id')).toBe('eq.sc-1');
      expect(patch?.body).toMatchObject({ spec: { kubernetes: [{ clusterName: 'staging' }] } });
      await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations'));
    },
  );

  it('deletes a topology after confirmation and returns to the list', async () => {
    const api = mockApi(integrationRoutes());
    const { router } = open('topologies', 't-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete shop?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/topologies')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/db/topologies')[0]?.body).toEqual({ deleted_at: 'now()' });
    expect(await screen.findByText('shop deleted successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/integrations');
  });

  it('edits a log backend; its Job History is empty (log backends run no jobs)', async () => {
    const api = mockApi(integrationRoutes(WRITER));
    open('logging_backends', 'lb-1');
    expect(await screen.findByLabelText(/^Name/, { selector: '#log-backend-name' })).toHaveValue(
      'loki',
    );
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Job History' }));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/job_histories')).toHaveLength(0);
  });

  it('shows a log backend with a source read-only', async () => {
    mockApi(integrationRoutes());
    open('logging_backends', 'lb-2');
    expect(
      await screen.findByText(
        'This log backend is managed outside the console and is read-only here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Linked to local file')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says "No resources found" for an id that is not there', async () => {
    mockApi(integrationRoutes());
    open('scrapers', 'missing');
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });
});
