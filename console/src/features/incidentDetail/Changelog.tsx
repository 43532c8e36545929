import {
  Alert,
  Content,
  Flex,
  FlexItem,
  Label,
  Skeleton,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import type { ReactNode } from 'react';
import { IncidentStatusBadge } from '../../components/IncidentStatusBadge/IncidentStatusBadge';
import { useHistory } from './api';
import { MESSAGES } from './messages';
import { EVIDENCE_TYPE_LABELS, HYPOTHESIS_STATUSES, type IncidentHistory } from './model';
import { CommentText, PersonAvatar } from './parts';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';

const hypothesisStatus = (s: string | null) =>
  HYPOTHESIS_STATUSES.find((x) => x.value === s)?.label ?? s ?? '';

function evidenceName(e: NonNullable<IncidentHistory['evidence']>): string {
  return (
    e.description ||
    e.components?.name ||
    e.checks?.name ||
    e.configs?.name ||
    e.config_changes?.change_type ||
    e.config_analysis?.analyzer ||
    EVIDENCE_TYPE_LABELS[e.type] ||
    e.type
  );
}

/** What one Changelog entry says, by event kind (§3, §4.4). */
export function historyText(h: IncidentHistory): ReactNode {
  const evidenceType = h.evidence
    ? (EVIDENCE_TYPE_LABELS[h.evidence.type] ?? h.evidence.type)
    : 'evidence';
  const responderName = h.responder?.team?.name ?? h.responder?.person?.name ?? 'a responder';
  switch (h.type) {
    case 'incident.created':
      return <>created the incident {h.description}</>;
    case 'incident.status_updated':
      return (
        <>
          marked the incident as <IncidentStatusBadge status={h.description ?? ''} />
        </>
      );
    case 'incident_status.updated': {
      const [status, ...why] = (h.description ?? '').split(':');
      return (
        <>
          status changed automatically to <IncidentStatusBadge status={(status ?? '').trim()} />
          {why.length > 0 && <> ({why.join(':').trim()})</>}
        </>
      );
    }
    case 'responder.created':
      return (
        <>
          added responder <strong>{responderName}</strong>
        </>
      );
    case 'responder.commented':
      return (
        <>
          <strong>{responderName}</strong> commented:{' '}
          <CommentText comment={h.comment?.comment ?? h.description ?? ''} />
        </>
      );
    case 'evidence.created':
      return (
        <>
          added {evidenceType.toLowerCase()} evidence{' '}
          {h.evidence && <Label isCompact>{evidenceName(h.evidence)}</Label>}
          {h.hypothesis && <> to {h.hypothesis.title}</>}
        </>
      );
    case 'evidence.done_definition_added':
      return (
        <>
          added {evidenceType.toLowerCase()} evidence{' '}
          {h.evidence && <Label isCompact>{evidenceName(h.evidence)}</Label>} to the definition of
          done
        </>
      );
    case 'hypothesis.created':
      return (
        <>
          added hypothesis <Label isCompact>{h.hypothesis?.title ?? 'deleted hypothesis'}</Label>,
          status is {hypothesisStatus(h.description)}
        </>
      );
    case 'hypothesis.status_updated':
      return (
        <>
          marked hypothesis <Label isCompact>{h.hypothesis?.title ?? 'deleted hypothesis'}</Label>{' '}
          as {hypothesisStatus(h.description)}
        </>
      );
    default:
      return (
        <>
          {h.type}
          {h.description && <>: {h.description}</>}
        </>
      );
  }
}

export function ChangelogList({ history }: { history: readonly IncidentHistory[] }) {
  if (history.length === 0) return <Content component="small">{MESSAGES.noChangelog}</Content>;
  return (
    <Stack
      hasGutter
      component="ol"
      aria-label="Changelog"
      style={{ listStyle: 'none', padding: 0 }}
    >
      {history.map((h) => (
        <StackItem key={h.id} component="li" data-kind={h.type}>
          <Flex spaceItems={{ default: 'spaceItemsSm' }} flexWrap={{ default: 'nowrap' }}>
            <FlexItem>
              <PersonAvatar person={h.created_by ?? { name: 'System' }} />
            </FlexItem>
            <FlexItem>
              <strong>{h.created_by?.name ?? 'System'}</strong> {historyText(h)}{' '}
              <Content component="small">
                <TimeAgo at={h.created_at} />
              </Content>
            </FlexItem>
          </Flex>
        </StackItem>
      ))}
    </Stack>
  );
}

/** The Changelog section: incident_histories, newest first. */
export function ChangelogSection({ incidentId }: { incidentId: string }) {
  const { history, error, isLoading } = useHistory(incidentId);
  if (error) return <Alert variant="danger" isInline isPlain title={error.message} />;
  if (isLoading || !history) return <Skeleton screenreaderText="Loading changelog" />;
  return <ChangelogList history={history} />;
}
