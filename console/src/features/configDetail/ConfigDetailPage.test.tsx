import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Grant } from '../../api/session';
import { mockApi, type MockRoutes } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { EvidenceLines } from '../incidentDetail/EvidenceView';
import type { Evidence } from '../incidentDetail/model';
import { created, incidentRoutes } from '../incidents/testData';
import { ConfigDetailPage } from './ConfigDetailPage';
import type { ConfigDetail } from './model';
import {
  CONFIG_ID,
  INCIDENT_WRITE,
  SCRAPER_ID,
  YAML_CONTENT,
  configRoutes,
  makeConfig,
  minutesAgo,
} from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(query = '', routes: MockRoutes = configRoutes()) {
  const api = mockApi(routes);
  const page = renderPage(<ConfigDetailPage />, {
    path: '/catalog/:id/:tab?',
    url: `/catalog/${CONFIG_ID}${query}`,
    session: true,
  });
  return { api, ...page };
}

const yamlConfig = (overrides: Partial<ConfigDetail> = {}) =>
  makeConfig({ config: { content: YAML_CONTENT, format: 'yaml' }, ...overrides });

const loaded = (name = 'payments-api') => screen.findByRole('heading', { level: 1, name });
const lineList = () => screen.getByRole('listbox', { name: /^Lines of / });
const lines = () => within(lineList()).getAllByRole('option');
const line = (n: number) => lines()[n - 1] as HTMLElement;
const lineTexts = () => lines().map((l) => l.textContent);
const selectedLines = () =>
  lines()
    .filter((l) => l.getAttribute('aria-selected') === 'true')
    .map((l) => Number(l.dataset.line));
const details = () => within(screen.getByRole('region', { name: 'Config details' }));
const detail = (term: string) =>
  details().getByText(term, { selector: 'dt *, dt' }).closest('div') as HTMLElement;
const attachButton = () => screen.queryByRole('button', { name: 'Attach as Evidence' });

describe('ConfigDetailPage', () => {
  it('loads the config by id with its scraper and shows a breadcrumb to the catalog', async () => {
    const { api } = open();
    await loaded();
    const [call] = api.callsTo('GET /api/db/config_detail');
    expect(call?.url.searchParams.get('id')).toBe(`eq.${CONFIG_ID}`);
    expect(call?.url.searchParams.get('select')).toBe('*,config_scrapers(id,name)');

    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/catalog');
    expect(crumbs.getByRole('link', { name: 'Kubernetes::Deployment' })).toHaveAttribute(
      'href',
      '/catalog?configType=Kubernetes%3A%3ADeployment',
    );
    // The config itself is where the user is: text, not a link.
    expect(crumbs.getByText('payments-api')).toBeInTheDocument();
    expect(crumbs.queryByRole('link', { name: 'payments-api' })).not.toBeInTheDocument();
    expect(document.title).toBe('payments-api · Vigil');
  });

  it('separates the crumbs with a visible divider before the type and the name', async () => {
    open();
    await loaded();
    const items = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole(
      'listitem',
    );
    expect(items.map((i) => i.textContent)).toEqual([
      'Catalog',
      'Kubernetes::Deployment',
      'payments-api',
    ]);
    const dividers = items.map((i) => i.querySelector('[class*="breadcrumb__item-divider"] svg'));
    expect(dividers.map(Boolean)).toEqual([false, true, true]);
  });

  it('shows a plain object config as numbered JSON lines with sorted keys', async () => {
    open();
    await loaded();
    expect(lineTexts()).toEqual([
      '1{',
      '2  "apiVersion": "apps/v1",',
      '3  "kind": "Deployment",',
      '4  "spec": {',
      '5    "paused": false,',
      '6    "replicas": 3',
      '7  }',
      '8}',
    ]);
    expect(screen.getByText('JSON')).toBeInTheDocument();
    expect(screen.getByText('8 lines')).toBeInTheDocument();
  });

  it('shows scraped content as it is', async () => {
    open(
      '',
      configRoutes(makeConfig({ config: { content: 'a: 1\nb:\n  - c\n', format: 'yaml' } })),
    );
    await loaded();
    expect(lineTexts()).toEqual(['1a: 1', '2b:', '3  - c']);
    expect(screen.getByText('YAML')).toBeInTheDocument();
  });

  it('says so when the config has no content', async () => {
    open('', configRoutes(makeConfig({ config: null })));
    await loaded();
    expect(screen.getByText('This config has no content.')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('toggles a line on click and keeps the selection in ?selected=', async () => {
    const { router } = open('?tab=x', configRoutes(yamlConfig()));
    await loaded();
    await userEvent.click(line(3));
    await userEvent.click(line(9));
    expect(selectedLines()).toEqual([3, 9]);
    expect(router.state.location.search).toBe('?tab=x&selected=3%2C9');
    expect(screen.getByText(/2 selected/)).toBeInTheDocument();

    await userEvent.click(line(3));
    expect(selectedLines()).toEqual([9]);
    expect(new URLSearchParams(router.state.location.search).get('selected')).toBe('9');
  });

  it('selects a range with shift-click, from the last clicked line', async () => {
    const { router } = open('', configRoutes(yamlConfig()));
    await loaded();
    // One user session, so the held Shift applies to the clicks.
    const user = userEvent.setup();
    await user.click(line(4));
    await user.keyboard('{Shift>}');
    await user.click(line(7));
    await user.click(line(2));
    await user.keyboard('{/Shift}');
    expect(selectedLines()).toEqual([2, 3, 4, 5, 6, 7]);
    expect(new URLSearchParams(router.state.location.search).get('selected')).toBe('2,3,4,5,6,7');
  });

  it('reads the selection back from the link, and clears it', async () => {
    const { router } = open('?selected=9,2,4,99', configRoutes(yamlConfig()));
    await loaded();
    // Line 99 is past the end of the config.
    expect(selectedLines()).toEqual([2, 4, 9]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(selectedLines()).toEqual([]);
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
  });

  it('selects lines from the keyboard', async () => {
    open('', configRoutes(yamlConfig()));
    await loaded();
    lineList().focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown} ');
    expect(selectedLines()).toEqual([3]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Shift>} {/Shift}');
    expect(selectedLines()).toEqual([3, 4, 5]);
  });

  it('offers Attach as Evidence only with a selection, to users who may link', async () => {
    const { unmount } = open('', configRoutes(yamlConfig(), INCIDENT_WRITE));
    await loaded();
    expect(attachButton()).not.toBeInTheDocument();
    await userEvent.click(line(5));
    expect(attachButton()).toBeInTheDocument();
    unmount();

    // Read-only on incidents: lines can be selected, not attached.
    open('?selected=5', configRoutes(yamlConfig(), [{ object: 'incident', action: 'read' }]));
    await loaded();
    expect(selectedLines()).toEqual([5]);
    expect(attachButton()).not.toBeInTheDocument();
  });

  it('hides Attach as Evidence while the incidents feature is off', async () => {
    open(
      '?selected=5',
      configRoutes(yamlConfig(), INCIDENT_WRITE, {
        'GET /api/properties': { body: [{ name: 'incidents.disable', value: 'true' }] },
      }),
    );
    await loaded();
    expect(selectedLines()).toEqual([5]);
    expect(attachButton()).not.toBeInTheDocument();
  });

  it('attaches the selected lines so the incident shows them with 3 lines of context', async () => {
    const routes: MockRoutes = {
      ...incidentRoutes(INCIDENT_WRITE as Grant[], {
        'POST /api/db/evidences': created({ id: 'e-1' }),
      }),
      ...configRoutes(yamlConfig(), INCIDENT_WRITE),
    };
    const { api, router } = open('?selected=10,11', routes);
    await loaded();
    await userEvent.click(attachButton() as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'Link to Incident' }));
    expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('payments-api');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Incident' }));
    await userEvent.click(await screen.findByRole('option', { name: /Orders database latency/ }));
    await userEvent.click(dialog.getByRole('button', { name: /^Link/ }));
    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();

    const body = api.callsTo('POST /api/db/evidences')[0]?.body as Evidence;
    expect(body).toMatchObject({
      type: 'config',
      config_id: CONFIG_ID,
      description: 'payments-api',
      evidence: { selected_lines: { 9: 'line 10', 10: 'line 11' } },
    });
    // After linking the selection starts afresh.
    await waitFor(() => expect(selectedLines()).toEqual([]));
    expect(router.state.location.search).toBe('');
    expect(attachButton()).not.toBeInTheDocument();

    // What the incident's evidence list makes of the stored body: lines 7 to 14, 10 and 11 lit.
    render(<EvidenceLines evidence={{ ...body, id: 'e-1', hypothesis_id: 'h-slow' }} />);
    const shown = within(screen.getByRole('table', { name: 'Lines of payments-api' }));
    const rows = shown.getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(
      [7, 8, 9, 10, 11, 12, 13, 14].map((n) => `${n}line ${n}`),
    );
    expect(
      rows.filter((r) => r.getAttribute('aria-selected') === 'true').map((r) => r.textContent),
    ).toEqual(['10line 10', '11line 11']);
  });

  it('shows the details, with the scraper linked', async () => {
    open();
    await loaded();
    const terms = details()
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual([
      'Type',
      'Class',
      'Health',
      'Status',
      'Description',
      'Labels',
      'Tags',
      'Created',
      'Updated',
      'Scraper',
    ]);
    expect(within(detail('Health')).getByText('healthy')).toBeInTheDocument();
    expect(within(detail('Class')).getByText('Deployment')).toBeInTheDocument();
    expect(within(detail('Tags')).getByText('cluster: eu-1')).toBeInTheDocument();
    expect(within(detail('Labels')).getByText('app: payments')).toBeInTheDocument();
    expect(within(detail('Created')).getByText('3d ago')).toBeInTheDocument();
    expect(within(detail('Updated')).getByText('30m ago')).toBeInTheDocument();
    expect(
      within(detail('Scraper')).getByRole('link', { name: 'kubernetes-scraper' }),
    ).toHaveAttribute('href', `/catalog/scrapers/${SCRAPER_ID}`);
    expect(within(detail('Updated')).queryByText(/Last scraped/)).not.toBeInTheDocument();
  });

  it('warns on the Updated line when the last scrape is an hour old or more', async () => {
    open('', configRoutes(makeConfig({ last_scraped_time: minutesAgo(120) })));
    await loaded();
    expect(within(detail('Updated')).getByText(/Last scraped/)).toHaveTextContent(
      'Last scraped 2h ago',
    );
  });

  it('marks a deleted config, labels its health Last status and does not warn of scrapes', async () => {
    open(
      '',
      configRoutes(makeConfig({ deleted_at: minutesAgo(180), last_scraped_time: minutesAgo(200) })),
    );
    await loaded();
    expect(screen.getByText('Deleted', { exact: false })).toHaveTextContent('Deleted 3h ago');
    expect(details().queryByText('Health')).not.toBeInTheDocument();
    expect(within(detail('Last status')).getByText('healthy')).toBeInTheDocument();
    expect(within(detail('Updated')).queryByText(/Last scraped/)).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    open(
      '',
      configRoutes(makeConfig(), [], {
        'GET /api/db/config_detail': async () => {
          await held;
          return { body: [makeConfig()] };
        },
      }),
    );
    expect(await screen.findByText('Loading config')).toBeInTheDocument();
    release();
    await loaded();
    expect(screen.queryByText('Loading config')).not.toBeInTheDocument();
  });

  it('says Details not found for a missing row or a malformed id', async () => {
    const { unmount } = open('', configRoutes(null));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Details not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Catalog' })).toHaveAttribute(
      'href',
      '/catalog',
    );
    unmount();

    open(
      '',
      configRoutes(null, [], {
        'GET /api/db/config_detail': {
          status: 400,
          body: { code: '22P02', message: 'invalid input syntax for type uuid' },
        },
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Details not found' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Config not found')).not.toBeInTheDocument();
  });

  it('shows why the config could not be loaded, and tries again', async () => {
    let failing = true;
    const { api } = open(
      '',
      configRoutes(null, [], {
        'GET /api/db/config_detail': () =>
          failing
            ? { status: 500, body: { code: 'XX000', message: 'database is down' } }
            : { body: [makeConfig()] },
      }),
    );
    expect(await screen.findByText('Could not load the config')).toBeInTheDocument();
    expect(screen.getByText('database is down')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await loaded();
    expect(api.callsTo('GET /api/db/config_detail').length).toBeGreaterThanOrEqual(2);
  });

  it('hides the details behind a Details toggle on a small screen', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: true,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    open();
    await loaded();
    const toggle = screen.getByRole('button', { name: 'Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Config details' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(detail('Type')).getByText('Kubernetes::Deployment')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.queryByRole('region', { name: 'Config details' })).not.toBeInTheDocument();
  });

  it('shows the details beside the config on a wide screen, without a toggle', async () => {
    open();
    await loaded();
    expect(screen.queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Config details' })).toBeInTheDocument();
  });
});
