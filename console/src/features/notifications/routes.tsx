import type { ReactNode } from 'react';
import { HistoryPage } from './history/HistoryPage';
import { RulesPage } from './rules/RulesPage';
import { AddSilencePage } from './silences/AddSilencePage';
import { SilencesPage } from './silences/SilencesPage';

/**
 * The notifications area's routes, assembled into the shell by app/routes.tsx. They follow the
 * `settings.notifications` switch (spec 000 §6 names no other for notifications): a deployment
 * that turns it off has no notification screens.
 */
export const notificationRoutes: {
  path: string;
  title: string;
  feature: 'settings.notifications';
  element: ReactNode;
}[] = [
  {
    path: 'notifications',
    title: 'Notifications',
    feature: 'settings.notifications',
    element: <HistoryPage />,
  },
  {
    path: 'notifications/rules',
    title: 'Notifications',
    feature: 'settings.notifications',
    element: <RulesPage />,
  },
  {
    path: 'notifications/silences',
    title: 'Notifications',
    feature: 'settings.notifications',
    element: <SilencesPage />,
  },
  {
    path: 'notifications/silences/add',
    title: 'Notifications',
    feature: 'settings.notifications',
    element: <AddSilencePage />,
  },
];
