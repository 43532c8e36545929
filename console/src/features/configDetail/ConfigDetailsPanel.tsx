import { DescriptionList, Flex, Label, LabelGroup } from '@patternfly/react-core';
import { ExclamationTriangleIcon } from '@patternfly/react-icons';

import { Link } from 'react-router';
import { HealthLabel } from './HealthLabel';
import { isScrapeStale, scraperPath, type ConfigDetail } from './model';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';
import { DescriptionField } from '../../components/DescriptionField/DescriptionField';

/** Labels and tags as 'key: value' chips. */
function Chips({ name, map }: { name: string; map: Record<string, unknown> }) {
  return (
    <LabelGroup aria-label={name} numLabels={8}>
      {Object.entries(map)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => (
          <Label key={key} isCompact>
            {value === '' || value === null ? key : `${key}: ${String(value)}`}
          </Label>
        ))}
    </LabelGroup>
  );
}

const hasEntries = (map: Record<string, unknown> | null): map is Record<string, unknown> =>
  map !== null && Object.keys(map).length > 0;

/** Updated time, and a warning when the scraper has not seen the config for an hour or more. */
function Updated({ config }: { config: ConfigDetail }) {
  const updated = <TimeAgo at={config.updated_at ?? config.created_at} />;
  if (!isScrapeStale(config)) return updated;
  return (
    <Flex direction={{ default: 'column' }} gap={{ default: 'gapXs' }}>
      {updated}
      <span style={{ color: 'var(--pf-t--global--text--color--status--warning--default)' }}>
        <ExclamationTriangleIcon
          style={{ color: 'var(--pf-t--global--icon--color--status--warning--default)' }}
        />{' '}
        Last scraped <TimeAgo at={config.last_scraped_time} />
      </span>
    </Flex>
  );
}

/** The right-hand details of a config (spec 002 'Config detail'); empty fields are left out. */
export function ConfigDetailsPanel({ config }: { config: ConfigDetail }) {
  const scraperId = config.config_scrapers?.id ?? config.scraper_id;
  return (
    <section aria-label="Config details">
      <DescriptionList isCompact>
        <DescriptionField term="Type">{config.type}</DescriptionField>
        <DescriptionField term="Class">{config.config_class}</DescriptionField>
        <DescriptionField term={config.deleted_at ? 'Last status' : 'Health'}>
          <HealthLabel health={config.health} />
        </DescriptionField>
        {config.status && <DescriptionField term="Status">{config.status}</DescriptionField>}
        {config.description && (
          <DescriptionField term="Description">{config.description}</DescriptionField>
        )}
        {hasEntries(config.labels) && (
          <DescriptionField term="Labels">
            <Chips name="Labels" map={config.labels} />
          </DescriptionField>
        )}
        {hasEntries(config.tags) && (
          <DescriptionField term="Tags">
            <Chips name="Tags" map={config.tags} />
          </DescriptionField>
        )}
        <DescriptionField term="Created">
          <TimeAgo at={config.created_at} />
        </DescriptionField>
        <DescriptionField term="Updated">
          <Updated config={config} />
        </DescriptionField>
        {scraperId && (
          <DescriptionField term="Scraper">
            <Link to={scraperPath(scraperId)}>{config.config_scrapers?.name || scraperId}</Link>
          </DescriptionField>
        )}
      </DescriptionList>
    </section>
  );
}
