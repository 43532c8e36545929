import { RouterProvider, createBrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../api/fetcher';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { PageHeaderProvider } from './pageHeader';
import { routes } from './routes';
import { SWR_DEFAULTS } from './swrDefaults';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <ErrorBoundary>
      <SWRConfig value={{ fetcher: swrFetcher, ...SWR_DEFAULTS }}>
        <PageHeaderProvider>
          <RouterProvider router={router} />
        </PageHeaderProvider>
      </SWRConfig>
    </ErrorBoundary>
  );
}
