import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBufferPromise, type Entry } from 'yauzl';
import { launchBrowser, signIn } from './support/browser.js';
import { dbApi } from './support/dbApi.js';
import { runPlaybook } from './support/playbookRuns.js';
import { api, startVigil, type VigilProcess } from './support/server.js';

/**
 * The Topology screens walked as a user would (spec 002 §2 'Topology', §8, §9), in Chromium
 * against the built Vigil, over components the real engine built: two Topologies applied through
 * /k8s, whose http lookups (against a loopback server) return services with headline properties
 * and statuses, with nested components, an owning team, a linked catalog item and an inline check
 * that fails. Only what no build makes is written through /api/db: the team and the catalog item
 * (before the build links them), an incident naming a component, a change and an insight on the
 * linked item and a playbook run.
 */
let vigil: VigilProcess;
let browser: Browser;
let page: Page;
let target: http.Server;
let base = '';
const ids = {
  me: '',
  team: '',
  config: '',
  topology: '',
  incident: '',
  shop: '',
  warehouse: '',
  orders: '',
  payments: '',
};

const db = dbApi(() => vigil.url);
const insert = async (table: string, row: Record<string, unknown>) =>
  (await db.post(table, row))[0]?.id ?? '';

/** Polls `fn` (errors count as "not yet") until it answers something. */
async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** What the inventory services answer: the lookups' components. */
const LOOKUPS: Record<string, unknown[]> = {
  '/shop/services': [
    {
      name: 'cart',
      type: 'Service',
      status: 'healthy',
      properties: [{ name: 'version', text: '1.4.2', headline: true }],
    },
    {
      name: 'checkout',
      type: 'Service',
      status: 'warning',
      properties: [{ name: 'version', text: '2.0.1', headline: true }],
    },
    {
      name: 'payments',
      type: 'Service',
      status: 'unhealthy',
      properties: [
        { name: 'version', text: '3.1.0', headline: true },
        { name: 'replicas', value: 2 },
      ],
      components: [
        { name: 'payments-api', type: 'Deployment', status: 'unhealthy' },
        { name: 'payments-worker', type: 'Deployment', status: 'healthy' },
      ],
    },
    {
      name: 'search',
      type: 'Service',
      status: 'healthy',
      properties: [{ name: 'version', text: '0.9.8', headline: true }],
    },
  ],
  '/warehouse/services': [
    { name: 'inventory', type: 'Service', status: 'warning' },
    { name: 'shipping', type: 'Service', status: 'healthy' },
  ],
};

const lookup = (name: string, path: string) => ({
  http: [{ name, url: `${base}${path}`, display: { expr: 'json' } }],
});

/** shop: its services from a lookup, and orders, owned, linked to the catalog, checked. */
const shopTopology = () => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Topology',
  metadata: { name: 'shop', namespace: 'default', labels: { env: 'prod' } },
  spec: {
    type: 'Shop',
    icon: 'cart',
    schedule: '@never',
    properties: [{ name: 'region', text: 'eu-west-1', headline: true }],
    components: [
      { name: 'services', type: 'virtual', lookup: lookup('shop-services', '/shop/services') },
      {
        name: 'orders',
        type: 'Service',
        owner: 'orders-team',
        properties: [{ name: 'version', text: '5.2.0', headline: true }],
        configs: [{ name: 'orders-db', type: 'PostgreSQL::Database' }],
        checks: [
          {
            inline: {
              schedule: '@every 1h',
              http: [{ name: 'orders-health', url: `${base}/orders/health` }],
            },
          },
        ],
        components: [
          { name: 'orders-api', type: 'Deployment', health: 'healthy' },
          { name: 'orders-worker', type: 'Deployment', health: 'warning' },
        ],
      },
    ],
  },
});

const warehouseTopology = () => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Topology',
  metadata: { name: 'warehouse', namespace: 'default', labels: { env: 'prod' } },
  spec: {
    type: 'Warehouse',
    schedule: '@never',
    components: [
      {
        name: 'services',
        type: 'virtual',
        lookup: lookup('warehouse-services', '/warehouse/services'),
      },
    ],
  },
});

interface ComponentRow {
  id: string;
  name: string;
  status: string;
}
const components = () =>
  db.get<ComponentRow[]>(
    'components?select=id,name,status&deleted_at=is.null&topology_id=not.is.null&order=name',
  );

async function apply(manifest: { metadata: { name: string } }): Promise<string> {
  const res = await api(
    vigil.url,
    '/k8s/apis/canaries.flanksource.com/v1/namespaces/default/topologies',
    { method: 'POST', body: JSON.stringify(manifest) },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const name = manifest.metadata.name;
  const topologyId = await until(`the topology ${name}`, async () => {
    const rows = await db.get<{ id: string }[]>(`topologies?name=eq.${name}&select=id`);
    return rows[0]?.id;
  });
  // Build now: answers once the engine has it scheduled (409 until then) with what it built.
  const outcome = await until(`a build of ${name}`, async () => {
    const built = await api(vigil.url, `/api/topology/${topologyId}/build`, { method: 'POST' });
    return built.ok
      ? ((await built.json()) as { components: number; errors: string[] })
      : undefined;
  });
  expect(outcome.errors).toEqual([]);
  return topologyId;
}

beforeAll(async () => {
  target = http.createServer((req, res) => {
    const list = LOOKUPS[req.url ?? ''];
    if (list) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(list));
    } else {
      // The orders service is down: its inline check fails.
      res.writeHead(503);
      res.end('down');
    }
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  [vigil, browser] = await Promise.all([
    startVigil({ env: { VIGIL_HEALTH_CHECKS: 'on' } }),
    launchBrowser(),
  ]);
  const whoami = await api(vigil.url, '/api/auth/whoami');
  ids.me = ((await whoami.json()) as { payload: { user: { id: string } } }).payload.user.id;

  // What the build links to must be there before it: the owning team and the catalog item.
  ids.team = await insert('teams', { name: 'orders-team', created_by: ids.me });
  ids.config = await insert('config_items', {
    name: 'orders-db',
    type: 'PostgreSQL::Database',
    config_class: 'Database',
    config: { database: 'orders', max_connections: 100 },
    health: 'healthy',
  });

  ids.topology = await apply(shopTopology());
  await apply(warehouseTopology());
  const rows = await components();
  const byName = new Map(rows.map((c) => [c.name, c.id]));
  expect([...byName.keys()]).toEqual([
    'cart',
    'checkout',
    'inventory',
    'orders',
    'orders-api',
    'orders-worker',
    'payments',
    'payments-api',
    'payments-worker',
    'search',
    'shipping',
    'shop',
    'warehouse',
  ]);
  ids.shop = byName.get('shop') as string;
  ids.warehouse = byName.get('warehouse') as string;
  ids.orders = byName.get('orders') as string;
  ids.payments = byName.get('payments') as string;

  // What no build makes: an incident naming orders, a change and an insight on its database,
  // and a playbook run against it.
  ids.incident = await insert('incidents', {
    title: 'Orders API returns 503',
    description: 'Every order placement fails since 10:02',
    created_by: ids.me,
    severity: 'High',
    type: 'availability',
    status: 'open',
  });
  const hypothesis = await insert('hypotheses', {
    incident_id: ids.incident,
    created_by: ids.me,
    type: 'root',
    title: 'The orders service is down',
    status: 'possible',
  });
  await db.post('evidences', {
    hypothesis_id: hypothesis,
    component_id: ids.orders,
    created_by: ids.me,
    type: 'topology',
    description: 'orders is unhealthy',
  });
  await db.post('config_changes', {
    config_id: ids.config,
    change_type: 'diff',
    severity: 'medium',
    source: 'e2e',
    summary: 'max_connections: 100 → 200',
  });
  await db.post('config_analysis', {
    config_id: ids.config,
    analyzer: 'connection-saturation',
    analysis_type: 'performance',
    severity: 'high',
    message: 'orders-db uses 98% of its connections',
  });
  const playbook = await insert('playbooks', {
    name: 'restart-orders',
    title: 'Restart orders',
    spec: {
      components: [{ id: ids.orders }],
      actions: [{ name: 'restart', exec: { script: 'echo restarted' } }],
    },
    source: 'UI',
  });
  // A finished run, started the way the console starts one.
  expect((await runPlaybook(vigil.url, { id: playbook, component_id: ids.orders })).status).toBe(
    'completed',
  );

  // The inline check has run and failed: orders, and shop above it, are unhealthy.
  await until('the failing check to reach shop', async () => {
    const status = new Map((await components()).map((c) => [c.name, c.status]));
    return status.get('orders') === 'unhealthy' && status.get('shop') === 'unhealthy'
      ? true
      : undefined;
  });

  const context = await browser.newContext({
    viewport: { width: 1600, height: 1000 },
    acceptDownloads: true,
  });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vigil?.stop();
  await new Promise<void>((r) => (target ? target.close(() => r()) : r()));
});

/**
 * expect.poll with room for a loaded machine (its default gives up after one second): each
 * screen settles after a fetch and a render.
 */
const eventually = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const cardGrid = () => page.getByRole('region', { name: 'Components' });
const card = (name: string) => cardGrid().getByRole('article', { name, exact: true });
const cardNames = () =>
  cardGrid()
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
const childNames = (name: string) =>
  card(name)
    .getByRole('list', { name: `Children of ${name}` })
    .getByRole('listitem')
    .allInnerTexts();

/** The computed border colour of an element, as [r, g, b]. */
async function borderRgb(locator: Locator): Promise<number[]> {
  const color = await locator.evaluate((el) => getComputedStyle(el).borderTopColor);
  return (color.match(/\d+/g) ?? []).slice(0, 3).map(Number);
}

/** PatternFly's danger red and the orange a warning card is drawn with. */
const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 150 && g < 100 && b < 100;
const isOrange = ([r = 0, g = 0, b = 0]: number[]) => r > 200 && g > 100 && g < 190 && b < 80;

const cardWidth = (locator: Locator) =>
  locator.evaluate((el) => Math.round(el.getBoundingClientRect().width));

describe('the topology, walked in a browser', () => {
  it('shows the root cards: bordered by health, children unhealthy first, headlines', async () => {
    await signIn(page, vigil.url, '/topology');
    await page.waitForURL(`${vigil.url}/topology`);
    await card('shop').waitFor();
    await card('warehouse').waitFor();
    // Health, most severe first, is the default sort.
    expect(await cardNames()).toEqual(['shop', 'warehouse']);

    expect(await card('shop').getAttribute('data-health')).toBe('unhealthy');
    expect(isRed(await borderRgb(card('shop')))).toBe(true);
    expect(await card('warehouse').getAttribute('data-health')).toBe('warning');
    expect(isOrange(await borderRgb(card('warehouse')))).toBe(true);

    // Children: unhealthy, then warning, then healthy (by name within one health).
    await eventually(() => childNames('shop')).toEqual([
      'orders',
      'payments',
      'checkout',
      'cart',
      'search',
    ]);
    expect(await childNames('warehouse')).toEqual(['inventory', 'shipping']);
    const region = card('shop').getByLabel('Properties of shop');
    expect(await region.innerText()).toMatch(/region\s*eu-west-1/);
    expect(await card('shop').textContent()).toContain('unhealthy');
  });

  it('changes the card width with the slider and keeps it across a reload', async () => {
    const thumb = page.getByRole('slider', { name: 'Card width' });
    expect(await thumb.getAttribute('aria-valuenow')).toBe('258');
    expect(await cardWidth(card('shop'))).toBe(258);
    const value = () => thumb.getAttribute('aria-valuenow');
    // Dragged to the right…
    const box = (await thumb.boundingBox()) as { x: number; y: number; width: number };
    await page.mouse.move(box.x + box.width / 2, box.y + 5);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 5, { steps: 5 });
    await page.mouse.up();
    await eventually(value).not.toBe('258');
    const dragged = Number(await value());
    expect(dragged).toBeGreaterThan(300);
    // …then one step (2 px) with the keyboard.
    await thumb.press('ArrowRight');
    await eventually(value).toBe(String(dragged + 2));
    const chosen = dragged + 2;
    await eventually(() => cardWidth(card('shop'))).toBe(chosen);
    expect(await cardWidth(card('warehouse'))).toBe(chosen);
    expect(await page.evaluate(() => localStorage.getItem('vigil.topology.cardWidth'))).toBe(
      String(chosen),
    );

    await page.reload();
    await card('shop').waitFor();
    expect(
      await page.getByRole('slider', { name: 'Card width' }).getAttribute('aria-valuenow'),
    ).toBe(String(chosen));
    expect(await cardWidth(card('shop'))).toBe(chosen);

    // Back to each component's own size.
    await page.getByRole('button', { name: 'Reset card width' }).click();
    await eventually(() => cardWidth(card('shop'))).toBe(258);
    await page.getByRole('button', { name: 'Reset card width' }).waitFor({ state: 'detached' });
  });

  it('sorts by name and keeps the sort', async () => {
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    expect(await sortBy.inputValue()).toBe('status');
    // The order stays descending when the field changes.
    await sortBy.selectOption({ label: 'Sort by Name' });
    await page.waitForURL(/sortBy=name&sortOrder=desc/);
    await eventually(cardNames).toEqual(['warehouse', 'shop']);
    await page.getByRole('button', { name: 'Sorted descending' }).click();
    await page.waitForURL(/sortBy=name&sortOrder=asc/);
    await eventually(cardNames).toEqual(['shop', 'warehouse']);

    // Kept for the next visit, without the query string.
    await page.goto(`${vigil.url}/topology`);
    await card('shop').waitFor();
    expect(await sortBy.inputValue()).toBe('name');
    await page.getByRole('button', { name: 'Sorted ascending' }).waitFor();
    await page.getByRole('button', { name: 'Sorted ascending' }).click();
    await eventually(cardNames).toEqual(['warehouse', 'shop']);

    // Back to health, descending: the default, left out of the URL.
    await sortBy.selectOption({ label: 'Sort by Health' });
    await page.waitForURL(`${vigil.url}/topology`);
    await eventually(cardNames).toEqual(['shop', 'warehouse']);
  });

  it('filters by type, from the Type filter and from a type icon', async () => {
    await page.getByRole('button', { name: 'Type', exact: true }).click();
    const types = page.getByRole('listbox', { name: 'Type' });
    await types.getByRole('option', { name: /Warehouse/ }).click();
    await page.waitForURL(/[?&]type=Warehouse(&|$)/);
    await eventually(cardNames).toEqual(['warehouse']);
    // A second choice of the same type excludes it.
    await types.getByRole('option', { name: /Warehouse/ }).click();
    await page.waitForURL(/[?&]type=%21Warehouse(&|$)/);
    await eventually(cardNames).toEqual(['shop']);
    await page.keyboard.press('Escape');

    // A root's type icon.
    await page.goto(`${vigil.url}/topology`);
    await card('warehouse').waitFor();
    await card('shop').getByRole('link', { name: 'Show all Shop components' }).click();
    await page.waitForURL(`${vigil.url}/topology?type=Shop`);
    await eventually(cardNames).toEqual(['shop']);

    // A nested component's type icon: every component of that type, wherever it sits.
    await page.goto(`${vigil.url}/topology`);
    await card('shop').getByRole('link', { name: 'payments', exact: true }).click();
    await page.waitForURL(`${vigil.url}/topology/${ids.payments}?refererId=${ids.shop}`);
    await eventually(cardNames).toEqual(['payments-api', 'payments-worker']);
    await card('payments-api')
      .getByRole('link', { name: 'Show all Deployment components' })
      .click();
    await page.waitForURL(`${vigil.url}/topology?type=Deployment`);
    await eventually(cardNames).toEqual([
      'payments-api',
      'orders-worker',
      'orders-api',
      'payments-worker',
    ]);
  });

  it('zooms in from a card: refererId added going down, status dropped, the rest kept', async () => {
    await page.goto(`${vigil.url}/topology`);
    await card('warehouse').waitFor();
    await page.getByRole('button', { name: 'Actions for shop' }).click();
    await page.getByRole('menuitem', { name: 'Zoom In' }).click();
    // From the root list there is no parent to refer to.
    await page.waitForURL(`${vigil.url}/topology/${ids.shop}`);
    await card('payments').waitFor();
    expect(await cardNames()).toEqual(['orders', 'payments', 'checkout', 'cart', 'search']);
    for (const name of ['orders', 'payments']) {
      expect(await card(name).getAttribute('data-health')).toBe('unhealthy');
      expect(isRed(await borderRgb(card(name)))).toBe(true);
    }
    expect(await card('checkout').getAttribute('data-health')).toBe('warning');
    expect(isOrange(await borderRgb(card('checkout')))).toBe(true);
    // A healthy card has no coloured border.
    expect(await card('cart').getAttribute('data-health')).toBe('healthy');
    const plain = await borderRgb(card('cart'));
    expect(isRed(plain) || isOrange(plain)).toBe(false);
    expect(await card('payments').getByLabel('Properties of payments').innerText()).toMatch(
      /version\s*3\.1\.0/,
    );
    // The nested components of a looked-up one.
    expect(await childNames('payments')).toEqual(['payments-api', 'payments-worker']);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('shop').waitFor();

    // Health and labels filters, then Zoom In on orders.
    await page.getByRole('button', { name: 'Health', exact: true }).click();
    await page
      .getByRole('listbox', { name: 'Health' })
      .getByRole('option', { name: /^unhealthy/ })
      .click();
    await page.waitForURL(/[?&]status=unhealthy/);
    await page.keyboard.press('Escape');
    await eventually(cardNames).toEqual(['orders', 'payments']);
    await page.getByRole('button', { name: 'Labels', exact: true }).click();
    await page.getByRole('menuitem', { name: 'env=prod' }).click();
    await page.waitForURL(/[?&]labels=env%3Dprod/);
    await page.keyboard.press('Escape');
    await eventually(cardNames).toEqual(['orders', 'payments']);

    await page.getByRole('button', { name: 'Actions for orders' }).click();
    await page.getByRole('menuitem', { name: 'Zoom In' }).click();
    await page.waitForURL(/\/topology\/[0-9a-f-]{36}\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/topology/${ids.orders}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      labels: 'env=prod',
      refererId: ids.shop,
    });
    await eventually(cardNames).toEqual(['orders-worker', 'orders-api']);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'shop' }).waitFor();
    expect(await crumbs.innerText()).toMatch(/Topology\s*shop\s*orders/);
  });

  it('opens each sidebar panel, one at a time, with its content', async () => {
    const PANELS = [
      'Details',
      'Catalog',
      'Incidents',
      'Changes',
      'Checks',
      'Playbooks',
      'Teams',
      'Insights',
    ];
    const sidebar = page.getByRole('complementary', { name: 'Component details' });
    const toggle = (name: string) => sidebar.getByRole('button', { name, exact: true });
    const panel = (name: string) => sidebar.getByRole('region', { name, exact: true });
    const open = async (name: string) => {
      if ((await toggle(name).getAttribute('aria-expanded')) !== 'true') await toggle(name).click();
      await eventually(() => toggle(name).getAttribute('aria-expanded')).toBe('true');
      const expanded = [];
      for (const other of PANELS)
        if ((await toggle(other).getAttribute('aria-expanded')) === 'true') expanded.push(other);
      expect(expanded).toEqual([name]);
      return panel(name);
    };

    // Details is open first.
    const details = (await open('Details')).getByLabel('Details of orders');
    await details.waitFor();
    const text = await details.innerText();
    expect(text).toMatch(/Type\s*Service/);
    expect(text).toMatch(/Owner\s*orders-team/);
    expect(text).toMatch(/Teams\s*orders-team/);
    expect(text).toMatch(/version\s*5\.2\.0/);
    expect(text).toMatch(/env: prod/);
    expect(
      await details.getByRole('link', { name: 'Edit topology spec' }).getAttribute('href'),
    ).toBe(`/settings/topologies/${ids.topology}`);
    expect(await panel('Details').innerText()).toContain('unhealthy');

    const catalog = (await open('Catalog')).getByRole('list', { name: 'Linked configs' });
    const item = catalog.getByRole('link', { name: 'orders-db' });
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe(`/catalog/${ids.config}`);
    expect(await catalog.innerText()).toContain('PostgreSQL::Database');

    const incidents = (await open('Incidents')).getByRole('list', { name: 'Incidents' });
    const incident = incidents.getByRole('link', { name: 'Orders API returns 503' });
    await incident.waitFor();
    expect(await incident.getAttribute('href')).toBe(`/incidents/${ids.incident}`);
    expect(await incidents.innerText()).toContain('open');

    const changes = (await open('Changes')).getByRole('list', { name: 'Changes' });
    await changes.getByRole('link', { name: 'orders-db' }).waitFor();
    expect(await changes.innerText()).toContain('diff');

    const checks = (await open('Checks')).getByRole('list', { name: 'Checks' });
    const check = checks.getByRole('link', { name: 'orders-health' });
    await check.waitFor();
    expect(await check.getAttribute('href')).toMatch(/^\/health\?checkId=[0-9a-f-]{36}$/);
    expect(await checks.innerText()).toContain('http');

    const runs = (await open('Playbooks')).getByRole('list', { name: 'Playbook runs' });
    await runs.getByRole('link', { name: 'Restart orders' }).waitFor();
    expect(await runs.innerText()).toContain('completed');

    const teams = (await open('Teams')).getByRole('list', { name: 'Teams' });
    const team = teams.getByRole('link', { name: 'orders-team' });
    await team.waitFor();
    expect(await team.getAttribute('href')).toBe(`/settings/teams/${ids.team}`);

    const insights = (await open('Insights')).getByRole('list', { name: 'Insights' });
    await insights.getByRole('link', { name: 'orders-db' }).waitFor();
    expect(await insights.innerText()).toMatch(/high\s*performance\s*orders-db/);

    // Closing the open panel leaves none open.
    await toggle('Insights').click();
    await eventually(() => toggle('Insights').getAttribute('aria-expanded')).toBe('false');
  });

  it('downloads a snapshot of the component for the range chosen', async () => {
    const sidebar = page.getByRole('complementary', { name: 'Component details' });
    await sidebar.getByRole('button', { name: 'Details', exact: true }).click();
    await sidebar.getByRole('button', { name: 'Actions for orders' }).click();
    await page.getByRole('menuitem', { name: 'Download Snapshot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Snapshot' });
    await dialog.waitFor();
    const range = dialog.getByLabel('Time range');
    expect(await range.inputValue()).toBe('now-1d');
    await range.selectOption({ label: 'Last 7 days' });
    await dialog.getByLabel('Include related components').check();
    const [request, download] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/snapshot/topology/')),
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    const asked = new URL(request.url());
    expect(asked.pathname).toBe(`/api/snapshot/topology/${ids.orders}`);
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      start: 'now-7d',
      end: 'now',
      related: 'true',
    });
    await dialog.waitFor({ state: 'detached' });
    expect(download.suggestedFilename()).toMatch(/^topology-orders-.*\.zip$/);
    const files = await unzip(fs.readFileSync(await download.path()));
    expect(Object.keys(files).sort()).toEqual([
      'checks.json',
      'component.json',
      'configs.json',
      'incidents.json',
      'related.json',
    ]);
    const component = files['component.json'] as { components: { id: string; name: string }[] };
    expect(component.components.map((c) => [c.id, c.name])).toEqual([[ids.orders, 'orders']]);
    expect(JSON.stringify(files['configs.json'])).toContain('orders-db');
    expect(JSON.stringify(files['checks.json'])).toContain('orders-health');
    expect(JSON.stringify(files['incidents.json'])).toContain('Orders API returns 503');
  });

  it('shows the public card outside the shell, and "Component not found" for an unknown id', async () => {
    await page.goto(`${vigil.url}/view/topology/${ids.shop}`);
    const main = page.getByRole('main', { name: 'Component card' });
    const shop = main.getByRole('article', { name: 'shop' });
    await shop.waitFor();
    expect(await shop.getAttribute('data-health')).toBe('unhealthy');
    expect(
      await shop
        .getByRole('list', { name: 'Children of shop' })
        .getByRole('listitem')
        .allInnerTexts(),
    ).toEqual(['orders', 'payments', 'checkout', 'cart', 'search']);
    // Read-only and alone: no links, no menu, no top bar, navigation or sidebar.
    expect(await shop.getByRole('link').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Actions for shop' }).count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByRole('complementary').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'User menu' }).count()).toBe(0);

    await page.goto(`${vigil.url}/view/topology/00000000-0000-4000-8000-000000000001`);
    await page.getByRole('heading', { name: 'Component not found' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
  });

  it('lists the Topology in Settings with its Job History', async () => {
    await page.goto(`${vigil.url}/settings/topologies`);
    const list = page.getByRole('grid', { name: 'Topologies' });
    const row = list.getByRole('row', { name: /^shop/ });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/shop\s*default\s*@never/);
    await eventually(() => row.innerText()).toContain('SUCCESS');
    await row.click();
    await page.waitForURL(`**/settings/topologies/${ids.topology}`);
    await page
      .getByText('This topology is managed outside the console and is read-only here.')
      .waitFor();
    // The Spec tab: the form of the applied Topology, name fixed.
    expect(await page.getByRole('tab', { name: 'Spec' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.locator('#topology-name').inputValue()).toBe('shop');
    expect(await page.locator('#topology-namespace').inputValue()).toBe('default');
    await page.getByRole('tab', { name: 'Job History' }).click();
    const jobs = page.getByRole('grid', { name: 'Job History' });
    const builds = await db.get<{ status: string; success_count: number }[]>(
      `job_history?resource_type=eq.topology&resource_id=eq.${ids.topology}&select=status,success_count&order=created_at.desc`,
    );
    expect(builds.length).toBeGreaterThanOrEqual(1);
    // shop, its services, their deployments, orders and its two.
    expect(builds[0]).toEqual({ status: 'SUCCESS', success_count: 10 });
    const jobRows = jobs.getByRole('row').filter({ hasText: 'TopologyBuild' });
    await eventually(() => jobRows.count()).toBe(builds.length);
    const cell = (label: string) => jobRows.first().locator(`td[data-label="${label}"]`);
    expect(await cell('Status').textContent()).toBe('SUCCESS');
    expect(await cell('Success Count').textContent()).toBe('10');
    expect(await cell('Error Count').textContent()).toBe('0');
  });
});

/** Every file of a zip, parsed as JSON. */
async function unzip(zip: Buffer): Promise<Record<string, unknown>> {
  const archive = await fromBufferPromise(zip, { lazyEntries: true });
  const files: Record<string, unknown> = {};
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: Entry) => {
      archive
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          files[entry.fileName] = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          archive.readEntry();
        })
        .catch(reject);
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return files;
}
