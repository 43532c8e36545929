import type { ReactNode } from 'react';
import { PlaybooksPage } from './list/PlaybooksPage';
import { PlaybookRunPage } from './run/PlaybookRunPage';
import { PlaybookRunsPage } from './runs/PlaybookRunsPage';
import { PlaybookSpecPage } from './spec/PlaybookSpecPage';

/**
 * The playbooks area's routes, assembled into the shell by app/routes.tsx. The run screens come
 * before the spec editor, so that 'runs' is no playbook id.
 */
export const playbookRoutes: {
  path: string;
  title: string;
  feature: 'playbooks';
  element: ReactNode;
}[] = [
  { path: 'playbooks', title: 'Playbooks', feature: 'playbooks', element: <PlaybooksPage /> },
  {
    path: 'playbooks/runs',
    title: 'Playbooks',
    feature: 'playbooks',
    element: <PlaybookRunsPage />,
  },
  {
    path: 'playbooks/runs/:id',
    title: 'Playbooks',
    feature: 'playbooks',
    element: <PlaybookRunPage />,
  },
  {
    // The spec editor of one playbook, and /playbooks/new.
    path: 'playbooks/:id',
    title: 'Playbooks',
    feature: 'playbooks',
    element: <PlaybookSpecPage />,
  },
];
