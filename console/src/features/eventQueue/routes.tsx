import type { SettingsRoute } from '../settings/routes';
import { FeatureFlagsPage } from '../featureFlags/FeatureFlagsPage';
import { EventQueuePage } from './EventQueuePage';

/** Settings and operations (docs/operations.md), assembled under /settings by app/routes.tsx. */
export const operationsRoutes: SettingsRoute[] = [
  {
    path: 'feature-flags',
    title: 'Feature Flags',
    feature: 'settings.feature_flags',
    element: <FeatureFlagsPage />,
  },
  {
    path: 'event-queue-status',
    title: 'Event Queue',
    feature: 'settings.event_queue_status',
    element: <EventQueuePage />,
  },
];
