import type { ReactNode } from 'react';
import type { Feature } from '../../app/features';
import { AgentsPage } from './AgentsPage';
import { AGENTS_TITLE } from './messages';

interface AgentRoute {
  path: string;
  title: string;
  feature: Feature;
  element: ReactNode;
}

/**
 * /agents, an area of its own, and /settings/agents, where Settings lists it: the same page, so
 * links to either (the config's "Linked to" agent, the settings list) land on it.
 */
export const agentRoute: AgentRoute = {
  path: 'agents',
  title: AGENTS_TITLE,
  feature: 'agents',
  element: <AgentsPage />,
};

/** Assembled under /settings by app/routes.tsx. */
export const agentSettingsRoutes: AgentRoute[] = [agentRoute];
