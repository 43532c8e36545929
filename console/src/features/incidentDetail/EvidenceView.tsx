import {
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  Content,
  Flex,
  FlexItem,
  Label,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { TrashIcon } from '@patternfly/react-icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { useToast } from '../../components/Toast/useToast';
import { deleteEvidence, updateEvidence } from './api';
import { useDetail } from './context';
import { evidenceHunks } from './evidenceLines';
import { MESSAGES } from './messages';
import { EVIDENCE_TYPE_LABELS, personOf, type Evidence } from './model';
import { CommentText } from './parts';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';

/** Log and config lines: the selected ones highlighted, with 3 lines of context (§2.4). */
export function EvidenceLines({ evidence }: { evidence: Evidence }) {
  const hunks = evidenceHunks(evidence.evidence?.lines, evidence.evidence?.selected_lines);
  if (hunks.length === 0) return <Content component="small">No lines</Content>;
  return (
    <div
      role="table"
      aria-label={`Lines of ${evidence.description || evidence.type}`}
      style={{ fontFamily: 'var(--pf-t--global--font--family--mono)', fontSize: '0.8rem' }}
    >
      {hunks.map((hunk, i) => (
        <div role="rowgroup" key={hunk[0]?.key ?? i}>
          {i > 0 && (
            <div
              role="row"
              aria-label="Lines left out"
              style={{ color: 'var(--pf-t--global--text--color--subtle)' }}
            >
              <span role="cell">⋮</span>
            </div>
          )}
          {hunk.map((line) => (
            <div
              role="row"
              key={line.key}
              aria-selected={line.selected}
              data-selected={line.selected ? 'true' : undefined}
              style={{
                display: 'flex',
                background: line.selected
                  ? 'var(--pf-t--global--background--color--action--plain--alt--clicked, #cfe3ff)'
                  : undefined,
              }}
            >
              <span
                role="cell"
                style={{
                  minWidth: '3rem',
                  textAlign: 'right',
                  paddingRight: '0.5rem',
                  userSelect: 'none',
                  color: 'var(--pf-t--global--text--color--subtle)',
                }}
              >
                {line.number}
              </span>
              <span role="cell" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {line.text}
              </span>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** The body of one evidence, by type. */
export function EvidenceContent({ evidence: e }: { evidence: Evidence }) {
  switch (e.type) {
    case 'log':
      return <EvidenceLines evidence={e} />;
    case 'config':
      return (
        <Stack>
          {e.config_id && (
            <StackItem>
              <Link to={`/catalog/${e.config_id}`}>{e.configs?.name ?? 'Open config'}</Link>
            </StackItem>
          )}
          <StackItem>
            <EvidenceLines evidence={e} />
          </StackItem>
        </Stack>
      );
    case 'topology': {
      const id = e.component_id ?? e.components?.id;
      return (
        <span>
          {id ? (
            <Link to={`/topology/${id}`}>{e.components?.name ?? id}</Link>
          ) : (
            (e.components?.name ?? 'Component')
          )}
          {e.components?.status && (
            <>
              {' '}
              <Label isCompact>{e.components.status}</Label>
            </>
          )}
        </span>
      );
    }
    case 'check': {
      const id = e.check_id ?? e.checks?.id ?? (e.evidence?.check_id as string | undefined);
      return (
        <span>
          {id ? (
            <Link to={`/health?checkId=${encodeURIComponent(id)}&timeRange=1h`}>
              {e.checks?.name ?? 'Health check'}
            </Link>
          ) : (
            (e.checks?.name ?? 'Health check')
          )}
          {e.checks?.status && (
            <>
              {' '}
              <Label isCompact color={e.checks.status === 'healthy' ? 'green' : 'red'}>
                {e.checks.status}
              </Label>
            </>
          )}
        </span>
      );
    }
    case 'comment':
      return <CommentText comment={e.evidence?.comment ?? e.description ?? ''} />;
    case 'config_analysis':
      return (
        <span>
          {e.config_analysis?.analyzer && <strong>{e.config_analysis.analyzer}: </strong>}
          {e.config_analysis?.message ?? e.description}
          {e.config_id && (
            <>
              {' '}
              <Link to={`/catalog/${e.config_id}`}>{e.configs?.name ?? 'Open config'}</Link>
            </>
          )}
        </span>
      );
    case 'config_change':
      return (
        <span>
          {e.config_changes?.change_type && <strong>{e.config_changes.change_type} </strong>}
          {e.config_changes?.summary}
          {e.config_id && (
            <>
              {' '}
              <Link to={`/catalog/${e.config_id}`}>{e.configs?.name ?? 'Open config'}</Link>
            </>
          )}
        </span>
      );
    default:
      return e.evidence?.comment ? <CommentText comment={e.evidence.comment} /> : null;
  }
}

/** Evidence as a card with its actions: delete, and into or out of the definition of done. */
export function EvidenceCard({ evidence }: { evidence: Evidence }) {
  const { can, refresh } = useDetail();
  const { addToast } = useToast();
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const author = personOf(evidence.created_by)?.name ?? evidence.external_created_by;
  const inDod = Boolean(evidence.definition_of_done);

  const remove = async () => {
    try {
      await deleteEvidence(evidence.id);
      setDeleting(false);
    } catch {
      addToast({ variant: 'danger', title: MESSAGES.evidenceDeleteFailed });
    }
    await refresh();
  };

  const toggleDod = async () => {
    setBusy(true);
    try {
      await updateEvidence(evidence.id, { definition_of_done: !inDod });
    } catch {
      addToast({
        variant: 'danger',
        title: inDod ? MESSAGES.dodRemoveFailed : MESSAGES.dodAddFailed,
      });
    } finally {
      setBusy(false);
    }
    await refresh();
  };

  const title = evidence.description || EVIDENCE_TYPE_LABELS[evidence.type] || evidence.type;
  return (
    <Card isCompact isPlain={false} component="article" aria-label={`Evidence: ${title}`}>
      <CardHeader
        actions={
          can.evidences
            ? {
                hasNoOffset: true,
                actions: (
                  <>
                    <Button
                      variant="link"
                      isInline
                      isDisabled={busy}
                      onClick={() => void toggleDod()}
                    >
                      {inDod ? 'Remove from definition of done' : 'Add to definition of done'}
                    </Button>
                    <Button
                      variant="plain"
                      aria-label={`Delete evidence ${title}`}
                      icon={<TrashIcon />}
                      onClick={() => setDeleting(true)}
                    />
                  </>
                ),
              }
            : undefined
        }
      >
        <CardTitle>
          <Flex
            spaceItems={{ default: 'spaceItemsSm' }}
            alignItems={{ default: 'alignItemsCenter' }}
          >
            <FlexItem>
              <Label isCompact>{EVIDENCE_TYPE_LABELS[evidence.type] ?? evidence.type}</Label>
            </FlexItem>
            <FlexItem>{title}</FlexItem>
            {inDod && (
              <FlexItem>
                <Label isCompact color="purple">
                  Definition of done
                </Label>
              </FlexItem>
            )}
          </Flex>
        </CardTitle>
        <Content component="small">
          {author && <>{author} · </>}
          <TimeAgo at={evidence.created_at} />
        </Content>
      </CardHeader>
      <CardBody>
        <EvidenceContent evidence={evidence} />
      </CardBody>
      <ConfirmDialog
        isOpen={deleting}
        title="Delete evidence"
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      >
        Are you sure you want to delete this evidence?
      </ConfirmDialog>
    </Card>
  );
}

/** A hypothesis's evidence; 'No Evidence' without any (§2.4). */
export function EvidenceList({ evidences }: { evidences: readonly Evidence[] }) {
  if (evidences.length === 0) return <Content component="small">{MESSAGES.noEvidence}</Content>;
  return (
    <Stack hasGutter>
      {evidences.map((e) => (
        <StackItem key={e.id}>
          <EvidenceCard evidence={e} />
        </StackItem>
      ))}
    </Stack>
  );
}
