import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageHeaderProvider } from '../../app/pageHeader';
import { routes } from '../../app/routes';
import { mockApi } from '../../test/mockApi';
import { changesRoutes, insightsRoutes, scraperRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

function open(url: string) {
  mockApi({ ...scraperRoutes(), ...insightsRoutes(), ...changesRoutes() });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PageHeaderProvider>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />
      </PageHeaderProvider>
    </SWRConfig>,
  );
}

describe('catalog routes', () => {
  it.each([
    ['/catalog', 'Catalog'],
    ['/catalog/changes', 'Catalog changes'],
    ['/catalog/insights', 'Catalog insights'],
    ['/catalog/scrapers', 'Catalog scrapers'],
  ])('serves %s as an index screen, not as a config id', async (url, table) => {
    open(url);
    expect(await screen.findByRole('grid', { name: table })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Catalog',
      'Changes',
      'Insights',
      'Scrapers',
    ]);
  });

  it('serves a scraper with its Spec and Job History tabs', async () => {
    open('/catalog/scrapers/sc-1');
    expect(await screen.findByRole('tab', { name: 'Job History' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Spec' })).toBeInTheDocument();
  });

  it('serves the catalog preferences', async () => {
    open('/catalog/preferences');
    expect(await screen.findByRole('switch', { name: 'Hide Deleted Catalog' })).toBeChecked();
  });
});
