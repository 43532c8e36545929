import {
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  EmptyState,
  Gallery,
  PageSection,
} from '@patternfly/react-core';
import { Link } from 'react-router';
import { visibleSettings } from '../../app/navigation';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';

/** One line per settings page: what it is for. */
const PURPOSE: Readonly<Record<string, string>> = {
  '/settings/connections': 'Credentials that checks, scrapers, notifications and playbooks use.',
  '/settings/users': 'Invite people, change their roles, deactivate them.',
  '/settings/teams': 'Teams, their members and where their notifications go.',
  '/settings/permissions':
    'Allow or deny actions to a person or a team, on everything or one resource.',
  '/settings/incident_rules': 'Open incidents when checks or components turn unhealthy.',
  '/settings/config_scrapers': 'What the catalog scrapes, and how each scrape went.',
  '/settings/topologies': 'Topologies built from the catalog, checks and lookups.',
  '/settings/canaries': 'Health check definitions and their runs.',
  '/settings/playbooks': 'Playbooks and their runs.',
  '/settings/notifications': 'Notification rules: which events notify whom.',
  '/settings/jobs': 'Every background run (scrapes, checks, topology builds) and its errors.',
  '/settings/feature-flags': 'Properties that switch features off and tune the server.',
  '/settings/logging_backends': 'Where the Logs page reads from.',
  '/settings/event-queue-status': 'Events waiting to be handled, and those that keep failing.',
  '/settings/agents': 'Remote agents that push data to this Vigil.',
  '/settings/integrations': 'Scrapers, topologies and log backends added as integrations.',
};

export const NO_SETTINGS = 'There are no settings pages you may see';

/** /settings: the settings pages this user may open, each with what it is for. */
export function SettingsHome() {
  const { enabled, whoami } = useSession();
  usePageHeader({ title: 'Settings' });
  const entries = visibleSettings(enabled, whoami);
  return (
    <PageSection>
      {entries.length === 0 ? (
        <EmptyState headingLevel="h2" titleText={NO_SETTINGS} variant="sm" />
      ) : (
        <Gallery hasGutter minWidths={{ default: '16rem' }} component="ul" aria-label="Settings">
          {entries.map((entry) => (
            <Card key={entry.path} component="li" isCompact>
              <CardHeader>
                <CardTitle>
                  <Link to={entry.path}>{entry.label}</Link>
                </CardTitle>
              </CardHeader>
              {PURPOSE[entry.path] && <CardBody>{PURPOSE[entry.path]}</CardBody>}
            </Card>
          ))}
        </Gallery>
      )}
    </PageSection>
  );
}
