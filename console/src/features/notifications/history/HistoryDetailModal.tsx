import { Alert, Bullseye, DescriptionList, Spinner } from '@patternfly/react-core';
import { Link } from 'react-router';
import { DescriptionField } from '../../../components/DescriptionField/DescriptionField';
import { Dialog } from '../../../components/Dialog/Dialog';
import { formatDuration } from '../../../lib/format';
import { ResourceCell } from '../cells';
import { ruleHref, silenceHref } from '../paths';
import { useHistoryItem, type HistoryRow } from './api';
import { AgeCell } from './historyColumns';
import { HistoryStatusLabel } from './HistoryStatusLabel';
import { prettyError } from './prettyError';

const PRE = {
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  fontFamily: 'var(--pf-t--global--font--family--mono)',
  fontSize: 'var(--pf-t--global--font--size--sm)',
  margin: 0,
  maxHeight: '24rem',
  overflow: 'auto',
} as const;

/** Who the send went to: the address the engine recorded, else the person. */
function recipientOf(row: HistoryRow): string {
  return row.recipient || row.person?.name || row.person?.email || '';
}

export function HistoryDetails({ row }: { row: HistoryRow }) {
  const ruleName = row.notification?.title || row.notification?.name || row.notification_id;
  const error = prettyError(row.error);
  return (
    <DescriptionList isHorizontal isCompact>
      <DescriptionField term="Resource">
        <ResourceCell kind={row.resource_type} resource={row.resource} />
      </DescriptionField>
      <DescriptionField term="Age">
        <AgeCell row={row} />
      </DescriptionField>
      <DescriptionField term="Recipient">{recipientOf(row)}</DescriptionField>
      <DescriptionField term="Status">
        <HistoryStatusLabel status={row.status} />
        {row.status === 'silenced' && row.silenced_by && (
          <>
            {' '}
            <Link to={silenceHref(row.silenced_by)}>View silence</Link>
          </>
        )}
      </DescriptionField>
      {row.reason && <DescriptionField term="Reason">{row.reason}</DescriptionField>}
      <DescriptionField term="Event">{row.source_event}</DescriptionField>
      <DescriptionField term="Duration">
        {row.duration_millis !== null && row.duration_millis !== undefined
          ? formatDuration(row.duration_millis)
          : ''}
      </DescriptionField>
      <DescriptionField term="Notification">
        <Link to={ruleHref(row.notification_id)}>{ruleName}</Link>
      </DescriptionField>
      {row.body && (
        <DescriptionField term="Body">
          <pre style={PRE} aria-label="Body">
            {row.body}
          </pre>
        </DescriptionField>
      )}
      {error && (
        <DescriptionField term="Error">
          <pre style={PRE} aria-label="Error">
            {error}
          </pre>
        </DescriptionField>
      )}
    </DescriptionList>
  );
}

/** One send, opened from its row (?id=): what it was about, to whom, and how it went. */
export function HistoryDetailModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { item, error, isLoading } = useHistoryItem(id);
  let body;
  if (isLoading) {
    body = (
      <Bullseye>
        <Spinner aria-label="Loading" />
      </Bullseye>
    );
  } else if (error) {
    body = <Alert variant="danger" isInline title={error.message} />;
  } else if (!item) {
    body = <Alert variant="warning" isInline title="Notification not found" />;
  } else {
    body = <HistoryDetails row={item} />;
  }
  return (
    <Dialog isOpen onClose={onClose} title="Notification details" size="large">
      {body}
    </Dialog>
  );
}
