import { RouterProvider, createBrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../api/fetcher';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { PageHeaderProvider } from './pageHeader';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <ErrorBoundary>
      <SWRConfig
        value={{ fetcher: swrFetcher, dedupingInterval: 5 * 60 * 1000, revalidateOnFocus: false }}
      >
        <PageHeaderProvider>
          <RouterProvider router={router} />
        </PageHeaderProvider>
      </SWRConfig>
    </ErrorBoundary>
  );
}
