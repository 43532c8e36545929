import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Flex,
  Label,
  LabelGroup,
} from '@patternfly/react-core';
import { ExclamationTriangleIcon } from '@patternfly/react-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HealthLabel } from './HealthLabel';
import { isScrapeStale, scraperPath, type ConfigDetail } from './model';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <DescriptionListGroup>
      <DescriptionListTerm>{term}</DescriptionListTerm>
      <DescriptionListDescription>{children}</DescriptionListDescription>
    </DescriptionListGroup>
  );
}

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
        <Field term="Type">{config.type}</Field>
        <Field term="Class">{config.config_class}</Field>
        <Field term={config.deleted_at ? 'Last status' : 'Health'}>
          <HealthLabel health={config.health} />
        </Field>
        {config.status && <Field term="Status">{config.status}</Field>}
        {config.description && <Field term="Description">{config.description}</Field>}
        {hasEntries(config.labels) && (
          <Field term="Labels">
            <Chips name="Labels" map={config.labels} />
          </Field>
        )}
        {hasEntries(config.tags) && (
          <Field term="Tags">
            <Chips name="Tags" map={config.tags} />
          </Field>
        )}
        <Field term="Created">
          <TimeAgo at={config.created_at} />
        </Field>
        <Field term="Updated">
          <Updated config={config} />
        </Field>
        {scraperId && (
          <Field term="Scraper">
            <Link to={scraperPath(scraperId)}>{config.config_scrapers?.name || scraperId}</Link>
          </Field>
        )}
      </DescriptionList>
    </section>
  );
}
