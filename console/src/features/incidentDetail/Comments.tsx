import {
  Content,
  ExpandableSection,
  Flex,
  FlexItem,
  FormSelect,
  FormSelectOption,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useToast } from '../../components/Toast/useToast';
import { createComment, errorMessage } from './api';
import { CommentBox } from './CommentBox';
import { useDetail } from './context';
import { MESSAGES } from './messages';
import type { Comment, Hypothesis } from './model';
import { HYPOTHESIS_TYPE_LABELS } from './model';
import { CommentText, PersonAvatar } from './parts';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';
import { buildTree, flattenTree } from './tree';

/**
 * Sends comments optimistically (§2.4): the comment shows at once, marked as sending, and goes
 * away again with the server's message when the request fails.
 */
export function useCommentSender() {
  const { incident, me, refresh } = useDetail();
  const { addToast } = useToast();
  const [pending, setPending] = useState<Comment[]>([]);
  const counter = useRef(0);

  const send = useCallback(
    async (hypothesisId: string | null, comment: string): Promise<boolean> => {
      counter.current += 1;
      const temp: Comment = {
        id: `pending-${counter.current}`,
        comment,
        hypothesis_id: hypothesisId,
        created_at: new Date().toISOString(),
        created_by: me,
        pending: true,
      };
      setPending((p) => [...p, temp]);
      try {
        await createComment(
          { incident_id: incident.id, hypothesis_id: hypothesisId, comment },
          me.id,
        );
        await refresh();
        return true;
      } catch (e) {
        addToast({ variant: 'danger', title: errorMessage(e) });
        return false;
      } finally {
        setPending((p) => p.filter((c) => c.id !== temp.id));
      }
    },
    [incident.id, me, refresh, addToast],
  );

  return { pending, send };
}

const byTime = (a: Comment, b: Comment) => (a.created_at ?? '').localeCompare(b.created_at ?? '');

export function CommentList({ comments }: { comments: readonly Comment[] }) {
  if (comments.length === 0) {
    return <Content component="small">No comments</Content>;
  }
  return (
    <Stack hasGutter component="ul" aria-label="Comments" style={{ listStyle: 'none', padding: 0 }}>
      {[...comments].sort(byTime).map((c) => {
        const who = c.created_by?.name ?? c.external_created_by ?? 'Unknown';
        const team = c.responder_id?.team_id?.name;
        return (
          <StackItem
            key={c.id}
            component="li"
            aria-busy={c.pending ? true : undefined}
            data-pending={c.pending ? 'true' : undefined}
            style={c.pending ? { opacity: 0.6 } : undefined}
          >
            <Flex spaceItems={{ default: 'spaceItemsSm' }} flexWrap={{ default: 'nowrap' }}>
              <FlexItem>
                <PersonAvatar person={c.created_by ?? { name: who }} />
              </FlexItem>
              <FlexItem grow={{ default: 'grow' }}>
                <div>
                  <strong>{who}</strong>
                  {team && <> via {team}</>}{' '}
                  <Content component="small">
                    {c.pending ? 'Sending…' : <TimeAgo at={c.created_at} />}
                  </Content>
                </div>
                <CommentText comment={c.comment} />
              </FlexItem>
            </Flex>
          </StackItem>
        );
      })}
    </Stack>
  );
}

/** A hypothesis's comments with a box that comments on it (the Action Plan). */
export function HypothesisComments({ hypothesis }: { hypothesis: Hypothesis }) {
  const { can, people, expandComments } = useDetail();
  const { pending, send } = useCommentSender();
  const comments = [...(hypothesis.comments ?? []), ...pending];
  const [expanded, setExpanded] = useState(expandComments);
  return (
    <ExpandableSection
      toggleText={`Comments (${comments.length})`}
      isExpanded={expanded}
      onToggle={(_e, v) => setExpanded(v)}
    >
      <Stack hasGutter>
        <CommentList comments={comments} />
        {can.comments && (
          <CommentBox
            people={people}
            label={`Comment on ${hypothesis.title}`}
            onSubmit={(text) => send(hypothesis.id, text)}
          />
        )}
      </Stack>
    </ExpandableSection>
  );
}

/** The value of the Comments tab's select that comments on the incident itself. */
const ON_INCIDENT = '__incident__';

/**
 * The Comments tab: the incident's own comments (on no hypothesis, as responders and
 * integrations leave them), then every hypothesis's comments in tree order, and one box that
 * comments on the incident or the chosen hypothesis.
 */
export function CommentsTab() {
  const { incident, can, people, expandComments } = useDetail();
  const { pending, send } = useCommentSender();
  const ordered = useMemo(
    () => flattenTree(buildTree(incident.hypotheses)).map((n) => n.hypothesis),
    [incident.hypotheses],
  );
  const [chosen, setChosen] = useState<string>();
  const target = chosen ?? ordered[0]?.id ?? ON_INCIDENT;
  const own = [
    ...(incident.comments ?? []).filter((c) => !c.hypothesis_id),
    ...pending.filter((c) => !c.hypothesis_id),
  ];
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const isOpen = (h: Hypothesis, index: number) => open[h.id] ?? (expandComments || index === 0);

  return (
    <Stack hasGutter>
      <StackItem>
        <ExpandableSection
          toggleText={`On the incident (${own.length})`}
          isExpanded={open[ON_INCIDENT] ?? (expandComments || own.length > 0)}
          onToggle={(_e, v) => setOpen((o) => ({ ...o, [ON_INCIDENT]: v }))}
        >
          <CommentList comments={own} />
        </ExpandableSection>
      </StackItem>
      {ordered.map((h, index) => {
        const comments = [
          ...(h.comments ?? []),
          ...pending.filter((c) => c.hypothesis_id === h.id),
        ];
        return (
          <StackItem key={h.id}>
            <ExpandableSection
              toggleText={`${h.title} (${comments.length})`}
              isExpanded={isOpen(h, index)}
              onToggle={(_e, v) => setOpen((o) => ({ ...o, [h.id]: v }))}
            >
              <CommentList comments={comments} />
            </ExpandableSection>
          </StackItem>
        );
      })}
      {can.comments && (
        <StackItem>
          <CommentBox
            people={people}
            validate={() => (target ? undefined : MESSAGES.noHypothesis)}
            onSubmit={(text) => send(target === ON_INCIDENT ? null : target, text)}
            extra={
              <FormSelect
                aria-label="Hypothesis"
                value={target}
                onChange={(_e, v) => setChosen(v)}
                style={{ minWidth: '14rem' }}
              >
                <FormSelectOption value={ON_INCIDENT} label="The incident" />
                {ordered.map((h) => (
                  <FormSelectOption
                    key={h.id}
                    value={h.id}
                    label={`${HYPOTHESIS_TYPE_LABELS[h.type] ?? h.type}: ${h.title}`}
                  />
                ))}
              </FormSelect>
            }
          />
        </StackItem>
      )}
    </Stack>
  );
}
