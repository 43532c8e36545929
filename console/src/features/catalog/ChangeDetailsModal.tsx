import {
  Alert,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Skeleton,
  Title,
} from '@patternfly/react-core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CodeView } from '../../components/CodeView/CodeView';
import { Dialog } from '../../components/Dialog/Dialog';
import { formatDateTime } from '../../lib/format';
import { useChangeDetails, type CatalogChange } from './changesApi';
import { ConfigIcon } from './ConfigIcon';
import { DiffView } from './DiffView';
import { configPath } from './paths';

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'object' && Object.keys(value).length === 0);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} style={{ marginTop: 16 }}>
      <Title headingLevel="h3" size="md" style={{ marginBottom: 8 }}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A change opened from the list, loaded by its id and its config's id (spec 002 §2). */
export function ChangeDetailsModal({
  change,
  createdBy,
  onClose,
}: {
  change: CatalogChange | undefined;
  createdBy: (change: {
    created_by?: string | null;
    external_created_by?: string | null;
  }) => string;
  onClose: () => void;
}) {
  const { details, error, isLoading } = useChangeDetails(change);
  const config = details?.config;
  const fields: [string, ReactNode][] = details
    ? [
        [
          'Config',
          config ? (
            <Link to={configPath(config.id)}>
              <ConfigIcon type={config.type} />
              {config.name || config.id}
            </Link>
          ) : (
            details.config_id
          ),
        ],
        ['Type', config?.type ?? change?.type ?? ''],
        ['Change', details.change_type ?? ''],
        ['Severity', details.severity ?? ''],
        ['Source', details.source ?? ''],
        ['Summary', details.summary ?? ''],
        ['Created', formatDateTime(details.created_at)],
        ['Created By', createdBy(details)],
        ['Count', details.count ?? 1],
      ]
    : [];
  return (
    <Dialog
      isOpen={change !== undefined}
      onClose={onClose}
      size="large"
      title={change ? `${change.change_type ?? 'Change'}: ${change.name ?? change.config_id}` : ''}
    >
      {isLoading && <Skeleton height="12rem" screenreaderText="Loading change" />}
      {error && <Alert variant="danger" isInline title={error.message} />}
      {!isLoading && !error && change && !details && (
        <Alert variant="warning" isInline title="Details not found" />
      )}
      {details && (
        <>
          <DescriptionList isHorizontal isCompact>
            {fields.map(([term, value]) => (
              <DescriptionListGroup key={term}>
                <DescriptionListTerm>{term}</DescriptionListTerm>
                <DescriptionListDescription>{value}</DescriptionListDescription>
              </DescriptionListGroup>
            ))}
          </DescriptionList>
          {details.diff && (
            <Section title="Diff">
              <DiffView diff={details.diff} />
            </Section>
          )}
          {!isEmpty(details.patches) && (
            <Section title="Patches">
              <CodeView
                value={JSON.stringify(details.patches, null, 2)}
                language="json"
                height={240}
              />
            </Section>
          )}
          {!isEmpty(details.details) && (
            <Section title="Details">
              <CodeView
                value={JSON.stringify(details.details, null, 2)}
                language="json"
                height={240}
              />
            </Section>
          )}
        </>
      )}
    </Dialog>
  );
}
