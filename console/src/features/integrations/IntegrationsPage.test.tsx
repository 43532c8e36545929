import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { FLUX_WARNING } from './gitops';
import { IntegrationsPage } from './IntegrationsPage';
import { READER, integrationRoutes } from './testData';

// Monaco does not run in jsdom: each editor is a plain textarea here.
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

/** The Name field, not Namespace. */
const NAME = /^Name\s*\*?$/;

const openList = () =>
  renderPage(<IntegrationsPage />, { path: '/settings/integrations', session: true });

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Integration' }));
  return screen.findByRole('dialog');
}

/** The values editor (the textarea standing in for Monaco). */
const valuesBox = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('group', { name: 'Values' })).getByRole('textbox');

const preview = (dialog: HTMLElement, name: string) =>
  within(dialog).getByLabelText(name).textContent ?? '';

/** Replaces the text of a textarea at once, as a paste over a selection would. */
function replaceText(box: HTMLElement, text: string) {
  fireEvent.change(box, { target: { value: text } });
}

describe('IntegrationsPage', () => {
  it('lists scrapers, topologies and log backends in one paged list, and opens one', async () => {
    const api = mockApi(integrationRoutes());
    const { router } = openList();
    const scraper = (await screen.findByText('cluster')).closest('tr') as HTMLElement;
    expect(scraper).toHaveTextContent('Catalog Scraper');
    expect(scraper).toHaveTextContent('SUCCESS');
    expect(scraper).toHaveTextContent('Ada Admin');
    expect(screen.getByText('loki').closest('tr')).toHaveTextContent('Log Backend');
    expect(screen.getByText('shop').closest('tr')).toHaveTextContent('Topology');
    const aws = screen.getByText('aws').closest('tr') as HTMLElement;
    expect(within(aws).getByRole('link', { name: 'kubernetes/platform/aws' })).toHaveAttribute(
      'href',
      '/k8s/apis/configs.flanksource.com/v1/namespaces/platform/scrapeconfigs/aws',
    );

    const call = api.callsTo('GET /api/db/integrations_with_status')[0];
    expect(call?.url.searchParams.get('deleted_at')).toBe('is.null');
    expect(call?.url.searchParams.get('order')).toBe('created_at.desc');
    expect(call?.url.searchParams.get('limit')).toBe('100');
    expect(call?.url.searchParams.get('offset')).toBe('0');
    expect(call?.headers.get('Prefer')).toContain('count=exact');

    await userEvent.click(scraper);
    expect(router.state.location.pathname).toBe('/settings/integrations/scrapers/sc-1');
  });

  it('offers Add Integration only to those who may write integrations', async () => {
    mockApi(integrationRoutes(READER));
    openList();
    await screen.findByText('cluster');
    expect(screen.queryByRole('button', { name: 'Add Integration' })).not.toBeInTheDocument();
  });

  it('is refused without read on integrations', async () => {
    mockApi(integrationRoutes([]));
    openList();
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
  });
});

describe('Add Integration', () => {
  it('offers the six GitOps charts and the three direct options', async () => {
    mockApi(integrationRoutes());
    openList();
    const dialog = await openDialog();
    const gitops = within(dialog).getByRole('region', { name: 'Add via GitOps' });
    expect(
      within(gitops)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['AWS', 'Azure', 'Prometheus', 'Flux', 'Kubernetes', 'Mission Control']);
    const direct = within(dialog).getByRole('region', { name: 'Add Directly' });
    expect(
      within(direct)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Custom Topology', 'Catalog Scraper', 'Log Backends']);
  });

  it('hides Log Backends when the logs feature is disabled', async () => {
    mockApi(integrationRoutes(undefined, [{ name: 'logs.disable', value: 'true' }]));
    openList();
    const dialog = await openDialog();
    const direct = within(dialog).getByRole('region', { name: 'Add Directly' });
    expect(within(direct).queryByRole('button', { name: 'Log Backends' })).not.toBeInTheDocument();
    expect(within(direct).getByRole('button', { name: 'Catalog Scraper' })).toBeInTheDocument();
  });

  it(
    'installs Prometheus via GitOps: the HelmRelease and the Helm commands follow the values',
    { timeout: 20_000 },
    async () => {
      mockApi(integrationRoutes());
      openList();
      const dialog = await openDialog();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Prometheus' }));
      expect(within(dialog).getByText('Add Integration: Prometheus')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^Namespace/)).toHaveValue('mission-control');
      expect(within(dialog).getByLabelText(/^Interval/)).toHaveValue('30m');
      expect((valuesBox(dialog) as HTMLTextAreaElement).value).toContain(
        'prometheusURL: http://prometheus.monitoring.svc:9090',
      );
      expect(within(dialog).queryByText(FLUX_WARNING)).not.toBeInTheDocument();

      replaceText(
        valuesBox(dialog),
        'prometheusURL: http://prom.shop:9090\nlabels:\n  team: sre\n',
      );
      const docs = parseAllDocuments(preview(dialog, 'Flux manifest')).map((d) => d.toJS());
      expect(docs.map((d: { kind: string }) => d.kind)).toEqual([
        'Namespace',
        'HelmRepository',
        'HelmRelease',
      ]);
      expect(docs[2]).toMatchObject({
        apiVersion: 'helm.toolkit.fluxcd.io/v2',
        metadata: { name: 'mission-control-prometheus', namespace: 'mission-control' },
        spec: {
          interval: '30m',
          chart: { spec: { chart: 'mission-control-prometheus' } },
          values: { prometheusURL: 'http://prom.shop:9090', labels: { team: 'sre' } },
        },
      });

      // Text that is not YAML is ignored: the last valid values stay in the preview.
      replaceText(valuesBox(dialog), 'prometheusURL: [');
      expect(within(dialog).getByText(/not valid YAML/)).toBeInTheDocument();
      expect(preview(dialog, 'Flux manifest')).toContain('prometheusURL: http://prom.shop:9090');

      await userEvent.click(within(dialog).getByRole('tab', { name: 'Helm CLI' }));
      const helm = preview(dialog, 'Helm CLI commands');
      expect(helm).toContain('helm repo add flanksource https://flanksource.github.io/charts');
      expect(helm).toContain(
        'helm install mission-control-prometheus flanksource/mission-control-prometheus',
      );
      expect(helm).toContain('prometheusURL: http://prom.shop:9090');

      // A bad namespace: said at the field, and no instructions until it is right.
      const namespace = within(dialog).getByLabelText(/^Namespace/);
      await userEvent.clear(namespace);
      await userEvent.type(namespace, 'Bad_NS');
      expect(within(dialog).getByText(/Use lowercase letters/)).toBeInTheDocument();
      expect(within(dialog).queryByLabelText('Helm CLI commands')).not.toBeInTheDocument();
      await userEvent.clear(namespace);
      await userEvent.type(namespace, 'observability');
      expect(preview(dialog, 'Helm CLI commands')).toContain('--namespace observability');

      await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(within(dialog).getByRole('region', { name: 'Add via GitOps' })).toBeInTheDocument();
    },
  );

  it('warns that Flux needs the Kubernetes chart; Done closes the dialog', async () => {
    mockApi(integrationRoutes());
    openList();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flux' }));
    expect(within(dialog).getByText(FLUX_WARNING)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('adds a catalog scraper directly, then the list reloads', { timeout: 20_000 }, async () => {
    const api = mockApi(integrationRoutes());
    openList();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Catalog Scraper' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kubernetes' }));
    await userEvent.type(
      within(dialog).getByLabelText(NAME, { selector: '#scraper-name' }),
      'staging',
    );
    await userEvent.type(within(dialog).getByLabelText(/^Cluster Name/), 'stage');
    const lists = api.callsTo('GET /api/db/integrations_with_status').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST /api/db/config_scrapers')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/config_scrapers')[0]?.body).toMatchObject({
      name: 'staging',
      source: 'UI',
      created_by: 'me-1',
      spec: { kubernetes: [{ clusterName: 'stage' }] },
    });
    expect(await screen.findByText('staging created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(api.callsTo('GET /api/db/integrations_with_status').length).toBeGreaterThan(lists),
    );
  });

  it('adds a custom topology directly', { timeout: 20_000 }, async () => {
    const api = mockApi(integrationRoutes());
    openList();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Custom Topology' }));
    await userEvent.type(within(dialog).getByLabelText(NAME), 'payments');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/db/topologies')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/topologies')[0]?.body).toMatchObject({
      name: 'payments',
      namespace: 'default',
      source: 'UI',
    });
  });

  it('adds a log backend directly, refusing it without a spec', { timeout: 20_000 }, async () => {
    const api = mockApi(integrationRoutes());
    openList();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log Backends' }));
    await userEvent.type(within(dialog).getByLabelText(NAME), 'loki-eu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('The log backend has errors')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/logging_backends')).toHaveLength(0);

    replaceText(within(dialog).getByLabelText(/^Spec/), 'loki:\n  url: http://loki:3100\n');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/db/logging_backends')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/logging_backends')[0]?.body).toEqual({
      name: 'loki-eu',
      labels: null,
      spec: { loki: { url: 'http://loki:3100' } },
      source: 'UI',
      created_by: 'me-1',
    });
  });
});
