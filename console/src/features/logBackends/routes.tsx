import type { ReactNode } from 'react';
import type { Feature } from '../../app/features';
import { ResourceDetailPage } from '../settings/ResourceDetailPage';
import { ResourceListPage } from '../settings/ResourceListPage';
import { LOG_BACKENDS } from './logBackendsKind';

/** /settings/logging_backends and its detail, assembled under /settings by app/routes.tsx. */
export const logBackendRoutes: {
  path: string;
  title: string;
  feature: Feature;
  element: ReactNode;
}[] = [
  {
    path: LOG_BACKENDS.table,
    title: LOG_BACKENDS.title,
    feature: LOG_BACKENDS.feature,
    element: <ResourceListPage kind={LOG_BACKENDS} />,
  },
  {
    path: `${LOG_BACKENDS.table}/:id`,
    title: LOG_BACKENDS.title,
    feature: LOG_BACKENDS.feature,
    element: <ResourceDetailPage kind={LOG_BACKENDS} />,
  },
];
