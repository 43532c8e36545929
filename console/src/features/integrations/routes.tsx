import type { ReactNode } from 'react';
import { IntegrationPage } from './IntegrationPage';
import { IntegrationsPage } from './IntegrationsPage';

/**
 * The integrations screens, under /settings (spec 001 §2), assembled by app/routes.tsx. They
 * follow the `settings.integrations` switch.
 */
export const integrationRoutes: {
  path: string;
  title: string;
  feature: 'settings.integrations';
  element: ReactNode;
}[] = [
  {
    path: 'integrations',
    title: 'Integrations',
    feature: 'settings.integrations',
    element: <IntegrationsPage />,
  },
  {
    path: 'integrations/:type/:id',
    title: 'Integrations',
    feature: 'settings.integrations',
    element: <IntegrationPage />,
  },
];
