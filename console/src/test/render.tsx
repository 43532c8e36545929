import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { PageHeaderProvider } from '../app/pageHeader';
import { SessionProvider } from '../app/session';
import { ToastProvider } from '../components/Toast/ToastProvider';

function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p data-testid="elsewhere">{`${pathname}${search}`}</p>;
}

export interface RenderPageOptions {
  /** The route pattern the page is mounted at, e.g. '/settings/users'. */
  path: string;
  /** The URL to open; defaults to `path`. */
  url?: string;
  /** Signed-in pages need whoami and the feature flags (mock them with sessionRoutes()). */
  session?: boolean;
}

/**
 * Renders one page the way the app does — router, a fresh SWR cache, toasts, page header — with
 * every other path showing where the page navigated to.
 */
export function renderPage(page: ReactNode, { path, url, session = false }: RenderPageOptions) {
  const element = session ? <SessionProvider>{page}</SessionProvider> : page;
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [url ?? path] },
  );
  const result = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PageHeaderProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </PageHeaderProvider>
    </SWRConfig>,
  );
  return { ...result, router };
}
