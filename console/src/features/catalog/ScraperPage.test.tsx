import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { ScraperPage } from './ScraperPage';
import { ScrapersPage } from './ScrapersPage';
import { READ, scraperRoutes } from './testData';

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

const openList = () => renderPage(<ScrapersPage />, { path: '/catalog/scrapers', session: true });
const openScraper = (id: string) =>
  renderPage(<ScraperPage />, {
    path: '/catalog/scrapers/:id',
    url: `/catalog/scrapers/${id}`,
    session: true,
  });

describe('ScrapersPage', () => {
  it('lists scrapers with their source and last job, and opens one', async () => {
    const api = mockApi(scraperRoutes());
    const { router } = openList();
    const row = (await screen.findByText('cluster')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('SUCCESS');
    const kube = screen.getByText('aws').closest('tr') as HTMLElement;
    expect(within(kube).getByRole('link', { name: 'kubernetes/platform/aws' })).toHaveAttribute(
      'href',
      '/k8s/apis/configs.flanksource.com/v1/namespaces/platform/scrapeconfigs/aws',
    );
    expect(
      api.callsTo('GET /api/db/config_scrapers_with_status')[0]?.url.searchParams.get('deleted_at'),
    ).toBe('is.null');
    expect(screen.getByRole('button', { name: 'Add Scraper' })).toBeInTheDocument();
    await userEvent.click(row);
    expect(router.state.location.pathname).toBe('/catalog/scrapers/sc-1');
  });

  it('hides Add Scraper without write on config scrapers', async () => {
    mockApi(scraperRoutes(READ));
    openList();
    await screen.findByText('cluster');
    expect(screen.queryByRole('button', { name: 'Add Scraper' })).not.toBeInTheDocument();
  });
});

describe('ScraperPage', () => {
  it('edits a scraper made in the console with the form of its type and saves it', async () => {
    const api = mockApi(scraperRoutes());
    const { router } = openScraper('sc-1');
    const cluster = await screen.findByLabelText(/^Cluster Name/);
    expect(cluster).toHaveValue('prod');
    expect(
      screen.getByText('Kubernetes', { selector: '.pf-v6-c-label__text' }),
    ).toBeInTheDocument();
    await userEvent.clear(cluster);
    await userEvent.type(cluster, 'staging');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/config_scrapers')).toHaveLength(1));
    const patch = api.callsTo('PATCH /api/db/config_scrapers')[0];
    expect(patch?.url.searchParams.get('id')).toBe('eq.sc-1');
    expect(patch?.body).toEqual({
      name: 'cluster',
      spec: {
        schedule: '@every 30m',
        kubernetes: [{ clusterName: 'staging', namespace: 'default' }],
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/catalog/scrapers'));
  });

  it('refuses to save without a cluster name', async () => {
    const api = mockApi(scraperRoutes());
    openScraper('sc-1');
    const cluster = await screen.findByLabelText(/^Cluster Name/);
    await userEvent.clear(cluster);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The scraper has errors')).toBeInTheDocument();
    expect(
      screen.getByText('spec.kubernetes.0.clusterName: This field is required'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/db/config_scrapers')).toHaveLength(0);
  });

  it('shows a scraper from kubectl read-only with its source link', async () => {
    mockApi(scraperRoutes());
    openScraper('sc-2');
    expect(
      await screen.findByText('This scraper is managed outside the console and is read-only here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'kubernetes/platform/aws' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('hides Update and Delete without write on config scrapers', async () => {
    mockApi(scraperRoutes(READ));
    openScraper('sc-1');
    expect(await screen.findByLabelText(/^Cluster Name/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows the spec as YAML in the Code tab', async () => {
    mockApi(scraperRoutes());
    openScraper('sc-1');
    await screen.findByLabelText(/^Cluster Name/);
    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    const yaml = screen.getByRole('textbox', { name: 'YAML' }) as HTMLTextAreaElement;
    expect(parse(yaml.value)).toEqual({
      name: 'cluster',
      spec: { schedule: '@every 30m', kubernetes: [{ clusterName: 'prod', namespace: 'default' }] },
    });
  });

  it('lists its runs in the Job History tab', async () => {
    const api = mockApi(scraperRoutes());
    openScraper('sc-1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Job History' }));
    expect(await screen.findByText('vigil-0')).toBeInTheDocument();
    const params = api.callsTo('GET /api/db/job_histories')[0]?.url.searchParams;
    expect(params?.get('resource_type')).toBe('eq.config_scraper');
    expect(params?.get('resource_id')).toBe('eq.sc-1');
  });

  it('creates a scraper of a chosen type with source UI', async () => {
    const api = mockApi(scraperRoutes());
    openScraper('new');
    const chooser = await screen.findByRole('region', { name: 'Scraper type' });
    expect(
      within(chooser)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'AWS',
      'Azure',
      'Azure DevOps',
      'File',
      'GitHub Actions',
      'HTTP',
      'Kubernetes',
      'Kubernetes File',
      'SQL',
      'Trivy',
      'Custom',
      'Back',
    ]);
    await userEvent.click(within(chooser).getByRole('button', { name: 'File' }));
    await userEvent.type(screen.getByLabelText(/^Name/, { selector: '#scraper-name' }), 'configs');
    await userEvent.type(screen.getByLabelText(/^Paths/), 'config/*.json');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/db/config_scrapers')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/config_scrapers')[0]?.body).toEqual({
      name: 'configs',
      spec: { schedule: '@every 60m', file: [{ paths: ['config/*.json'] }] },
      source: 'UI',
      created_by: 'me-1',
    });
  });
});
