import type { ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { RecoveryPage } from '../features/auth/RecoveryPage';
import { RegistrationPage } from '../features/auth/RegistrationPage';
import { VerificationPage } from '../features/auth/VerificationPage';
import { agentRoute, agentSettingsRoutes } from '../features/agents/routes';
import { AreaNotAvailable } from '../features/areas/AreaNotAvailable';
import { FeatureOffPage } from '../features/areas/FeatureOffPage';
import { CanariesPage } from '../features/canaries/CanariesPage';
import { CanaryPage } from '../features/canaries/CanaryPage';
import { CatalogListPage } from '../features/catalog/CatalogListPage';
import { CatalogPreferencesPage } from '../features/catalog/CatalogPreferencesPage';
import { ChangesPage } from '../features/catalog/ChangesPage';
import { InsightsPage } from '../features/catalog/InsightsPage';
import { ScraperPage } from '../features/catalog/ScraperPage';
import { ScrapersPage } from '../features/catalog/ScrapersPage';
import { ConfigDetailPage } from '../features/configDetail/ConfigDetailPage';
import { ConnectionsPage } from '../features/connections/ConnectionsPage';
import { BadSessionPage } from '../features/errors/BadSessionPage';
import { FlowErrorPage } from '../features/errors/FlowErrorPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { UnauthorizedPage } from '../features/errors/UnauthorizedPage';
import { HealthPage } from '../features/health/HealthPage';
import { IncidentDetailPage } from '../features/incidentDetail/IncidentDetailPage';
import { IncidentRulePage } from '../features/incidentRules/IncidentRulePage';
import { IncidentRulesPage } from '../features/incidentRules/IncidentRulesPage';
import { IncidentListPage } from '../features/incidents/IncidentListPage';
import { integrationRoutes } from '../features/integrations/routes';
import { logBackendRoutes } from '../features/logBackends/routes';
import { LogsPage } from '../features/logs/LogsPage';
import { notificationRoutes } from '../features/notifications/routes';
import { PermissionsPage } from '../features/permissions/PermissionsPage';
import { operationsRoutes } from '../features/eventQueue/routes';
import { playbookRoutes } from '../features/playbooks/routes';
import { ProfileSettingsPage } from '../features/profile/ProfileSettingsPage';
import { TopologiesPage } from '../features/topology/spec/TopologiesPage';
import { TopologySpecPage } from '../features/topology/spec/TopologySpecPage';
import { TopologyPage } from '../features/topology/TopologyPage';
import { PublicTopologyCardPage } from '../features/topologyCard/PublicTopologyCardPage';
import { UsersPage } from '../features/users/UsersPage';
import { SettingsFallback } from '../features/settings/SettingsFallback';
import { SettingsHome } from '../features/settings/SettingsHome';
import { settingsRoutes } from '../features/settings/routes';
import type { Feature } from './features';
import { isViewerOnly } from './navigation';
import { SessionProvider, useSession } from './session';
import { Shell } from './Shell';
import { ToastProvider } from '../components/Toast/ToastProvider';

/**
 * A disabled feature's pages say it is turned off, and where to turn it on. Without a title (the
 * embeddable card, outside the shell) they answer like unknown pages.
 */
function FeatureGate({
  feature,
  title,
  children,
}: {
  feature: Feature;
  title?: string;
  children: ReactNode;
}) {
  const { enabled } = useSession();
  if (enabled(feature)) return children;
  return title ? <FeatureOffPage feature={feature} title={title} /> : <NotFoundPage />;
}

/** Viewers never see Settings; the pages below check their own resource grants. */
function SettingsGate() {
  const { whoami } = useSession();
  return isViewerOnly(whoami) ? <UnauthorizedPage /> : <Outlet />;
}

interface AreaRoute {
  path: string;
  title: string;
  feature?: Feature;
  element?: ReactNode;
}

/** Each area contributes its routes here; an area without screens yet says so. */
const AREAS: AreaRoute[] = [
  { path: 'topology', title: 'Topology', feature: 'topology', element: <TopologyPage /> },
  { path: 'topology/:id', title: 'Topology', feature: 'topology', element: <TopologyPage /> },
  { path: 'health', title: 'Health', feature: 'health', element: <HealthPage /> },
  {
    path: 'incidents',
    title: 'Incidents',
    feature: 'incidents',
    element: <IncidentListPage />,
  },
  {
    path: 'incidents/:id',
    title: 'Incidents',
    feature: 'incidents',
    element: <IncidentDetailPage />,
  },
  // The catalog's index screens come before the config detail, so that 'changes' is no config id.
  { path: 'catalog', title: 'Catalog', feature: 'config', element: <CatalogListPage /> },
  { path: 'catalog/changes', title: 'Catalog', feature: 'config', element: <ChangesPage /> },
  { path: 'catalog/insights', title: 'Catalog', feature: 'config', element: <InsightsPage /> },
  { path: 'catalog/scrapers', title: 'Catalog', feature: 'config', element: <ScrapersPage /> },
  { path: 'catalog/scrapers/:id', title: 'Catalog', feature: 'config', element: <ScraperPage /> },
  {
    path: 'catalog/preferences',
    title: 'Catalog',
    feature: 'config',
    element: <CatalogPreferencesPage />,
  },
  {
    // The Config tab, and Changes, Insights, Relationships, Playbooks and Checks below it.
    path: 'catalog/:id/:tab?',
    title: 'Catalog',
    feature: 'config',
    element: <ConfigDetailPage />,
  },
  { path: 'catalog/*', title: 'Catalog', feature: 'config' },
  { path: 'logs', title: 'Logs', feature: 'logs', element: <LogsPage /> },
  ...playbookRoutes,
  agentRoute,
  ...notificationRoutes,
  { path: 'profile-settings', title: 'Your Profile', element: <ProfileSettingsPage /> },
];

function areaRoute({ path, title, feature, element }: AreaRoute): RouteObject {
  const page = element ?? <AreaNotAvailable title={title} />;
  return {
    path,
    element: feature ? (
      <FeatureGate feature={feature} title={title}>
        {page}
      </FeatureGate>
    ) : (
      page
    ),
  };
}

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/registration', element: <RegistrationPage /> },
  { path: '/recovery', element: <RecoveryPage /> },
  { path: '/verification', element: <VerificationPage /> },
  { path: '/error', element: <BadSessionPage /> },
  { path: '/errors/:id', element: <FlowErrorPage /> },
  {
    // The public component card, outside the shell for embedding; signed in like every page.
    path: '/view/topology/:id',
    element: (
      <SessionProvider>
        <FeatureGate feature="topology">
          <PublicTopologyCardPage />
        </FeatureGate>
      </SessionProvider>
    ),
  },
  {
    path: '/',
    element: (
      <SessionProvider>
        <ToastProvider>
          <Shell />
        </ToastProvider>
      </SessionProvider>
    ),
    children: [
      { index: true, element: <Navigate to="/topology" replace /> },
      { path: 'configs/*', element: <Navigate to="/catalog" replace /> },
      ...AREAS.map(areaRoute),
      {
        path: 'settings',
        element: <SettingsGate />,
        children: [
          { index: true, element: <SettingsHome /> },
          ...settingsRoutes.map(areaRoute),
          areaRoute({
            path: 'connections',
            title: 'Connections',
            feature: 'settings.connections',
            element: <ConnectionsPage />,
          }),
          areaRoute({
            path: 'users',
            title: 'Users',
            feature: 'settings.users',
            element: <UsersPage />,
          }),
          areaRoute({
            path: 'permissions',
            title: 'Permissions',
            feature: 'settings.permissions',
            element: <PermissionsPage />,
          }),
          areaRoute({
            path: 'canaries',
            title: 'Health Checks',
            feature: 'settings.health',
            element: <CanariesPage />,
          }),
          areaRoute({
            path: 'canaries/:id',
            title: 'Health Checks',
            feature: 'settings.health',
            element: <CanaryPage />,
          }),
          areaRoute({
            path: 'topologies',
            title: 'Topologies',
            feature: 'settings.topology',
            element: <TopologiesPage />,
          }),
          areaRoute({
            path: 'topologies/:id',
            title: 'Topologies',
            feature: 'settings.topology',
            element: <TopologySpecPage />,
          }),
          areaRoute({
            path: 'incident_rules',
            title: 'Incident Rules',
            feature: 'settings.rules',
            element: <IncidentRulesPage />,
          }),
          areaRoute({
            path: 'incident_rules/:id',
            title: 'Incident Rules',
            feature: 'settings.rules',
            element: <IncidentRulePage />,
          }),
          ...integrationRoutes.map(areaRoute),
          ...logBackendRoutes.map(areaRoute),
          ...agentSettingsRoutes.map(areaRoute),
          ...operationsRoutes.map(areaRoute),
          { path: '*', element: <SettingsFallback /> },
        ],
      },
      { path: 'unauthorized', element: <UnauthorizedPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
