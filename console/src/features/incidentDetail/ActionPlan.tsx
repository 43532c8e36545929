import {
  Button,
  Card,
  CardBody,
  Checkbox,
  Content,
  Flex,
  FlexItem,
  FormSelect,
  FormSelectOption,
  Label,
  Stack,
  StackItem,
  TextInput,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { PlusCircleIcon, TrashIcon } from '@patternfly/react-icons';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { Dialog } from '../../components/Dialog/Dialog';
import { useToast } from '../../components/Toast/useToast';
import { createHypothesis, deleteHypotheses, errorMessage, updateHypothesis } from './api';
import { AddEvidenceWizard } from './AddEvidenceWizard';
import { HypothesisComments } from './Comments';
import { useDetail } from './context';
import { EvidenceList } from './EvidenceView';
import { MESSAGES } from './messages';
import {
  DEFAULT_NODE_STATUS,
  HYPOTHESIS_STATUS_DEBOUNCE_MS,
  HYPOTHESIS_STATUSES,
  HYPOTHESIS_TITLE_DEBOUNCE_MS,
  HYPOTHESIS_TYPE_LABELS,
  NEW_HYPOTHESIS_STATUS,
  allEvidences,
  childTypeOf,
  type Hypothesis,
} from './model';
import { buildTree, withDescendants, type HypothesisNode } from './tree';
import { useDebouncedCallback } from './useDebouncedCallback';

interface TreeActions {
  selected: ReadonlySet<string>;
  toggleSelected: (id: string, on: boolean) => void;
  askDelete: (h: Hypothesis) => void;
}

/** Adds a hypothesis: a title and Add (POST /hypotheses, status possible). */
function AddHypothesisForm({
  parent,
  type,
  onDone,
}: {
  parent: Hypothesis | null;
  type: string;
  onDone: () => void;
}) {
  const { incident, me, refresh } = useDetail();
  const { addToast } = useToast();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const label = HYPOTHESIS_TYPE_LABELS[type] ?? type;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    setBusy(true);
    try {
      await createHypothesis(
        {
          incident_id: incident.id,
          parent_id: parent?.id ?? null,
          type,
          title: title.trim(),
          status: NEW_HYPOTHESIS_STATUS,
        },
        me.id,
      );
      await refresh();
      onDone();
    } catch (e) {
      addToast({ variant: 'danger', title: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={`New ${label}`}>
      <Flex spaceItems={{ default: 'spaceItemsSm' }}>
        <FlexItem grow={{ default: 'grow' }}>
          <TextInput
            aria-label={`Title of the new ${label.toLowerCase()}`}
            value={title}
            onChange={(_e, v) => setTitle(v)}
            autoFocus
          />
        </FlexItem>
        <FlexItem>
          <Button type="submit" isDisabled={!title.trim() || busy} isLoading={busy}>
            Add
          </Button>
        </FlexItem>
        <FlexItem>
          <Button variant="link" onClick={onDone}>
            Cancel
          </Button>
        </FlexItem>
      </Flex>
    </form>
  );
}

/**
 * One hypothesis: title (saved 1000 ms after the last keystroke), status (200 ms after the last
 * change), Disprove, Delete, its evidence and comments, then its children.
 */
function HypothesisNodeView({ node, actions }: { node: HypothesisNode; actions: TreeActions }) {
  const { hypothesis: h } = node;
  const { can, refresh } = useDetail();
  const { addToast } = useToast();
  const [title, setTitle] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [addingEvidence, setAddingEvidence] = useState(false);
  const childType = childTypeOf(h.type);
  const typeLabel = HYPOTHESIS_TYPE_LABELS[h.type] ?? h.type;

  const fail = useCallback(
    (e: unknown) => addToast({ variant: 'danger', title: errorMessage(e) }),
    [addToast],
  );

  const saveTitle = useDebouncedCallback((value: string) => {
    updateHypothesis(h.id, { title: value })
      .then(refresh, fail)
      .finally(() => setTitle((t) => (t === value ? undefined : t)));
  }, HYPOTHESIS_TITLE_DEBOUNCE_MS);

  const saveStatus = useDebouncedCallback((value: string) => {
    updateHypothesis(h.id, { status: value })
      .then(refresh, fail)
      .finally(() => setStatus((s) => (s === value ? undefined : s)));
  }, HYPOTHESIS_STATUS_DEBOUNCE_MS);

  const disprove = () => {
    saveStatus.cancel();
    setStatus('disproven');
    updateHypothesis(h.id, { status: 'disproven' })
      .then(refresh, fail)
      .finally(() => setStatus(undefined));
  };

  const shownTitle = title ?? h.title;
  const shownStatus = status ?? h.status ?? DEFAULT_NODE_STATUS;

  return (
    <StackItem>
      <Card
        isCompact
        component="section"
        aria-label={`${typeLabel}: ${h.title}`}
        style={{ marginLeft: `${node.depth * 2}rem` }}
      >
        <CardBody>
          <Stack hasGutter>
            <StackItem>
              <Flex
                spaceItems={{ default: 'spaceItemsSm' }}
                alignItems={{ default: 'alignItemsCenter' }}
                flexWrap={{ default: 'nowrap' }}
              >
                {can.incident && (
                  <FlexItem>
                    <Checkbox
                      id={`select-${h.id}`}
                      aria-label={`Select ${h.title}`}
                      isChecked={actions.selected.has(h.id)}
                      onChange={(_e, on) => actions.toggleSelected(h.id, on)}
                    />
                  </FlexItem>
                )}
                <FlexItem>
                  <Label
                    isCompact
                    color={h.type === 'root' ? 'orange' : h.type === 'factor' ? 'yellow' : 'green'}
                  >
                    {typeLabel}
                  </Label>
                </FlexItem>
                <FlexItem grow={{ default: 'grow' }}>
                  {can.incident ? (
                    <TextInput
                      aria-label={`Title of ${typeLabel.toLowerCase()}`}
                      value={shownTitle}
                      onChange={(_e, v) => {
                        setTitle(v);
                        if (v.trim()) saveTitle.call(v);
                        else saveTitle.cancel();
                      }}
                      onBlur={() => saveTitle.flush()}
                    />
                  ) : (
                    <strong>{h.title}</strong>
                  )}
                </FlexItem>
                <FlexItem>
                  <FormSelect
                    aria-label={`Status of ${h.title}`}
                    value={shownStatus}
                    isDisabled={!can.incident}
                    onChange={(_e, v) => {
                      setStatus(v);
                      saveStatus.call(v);
                    }}
                    style={{ minWidth: '9rem' }}
                  >
                    {HYPOTHESIS_STATUSES.map((s) => (
                      <FormSelectOption key={s.value} value={s.value} label={s.label} />
                    ))}
                  </FormSelect>
                </FlexItem>
                {can.incident && (
                  <>
                    <FlexItem>
                      <Button
                        variant="secondary"
                        size="sm"
                        isDisabled={shownStatus === 'disproven'}
                        onClick={disprove}
                      >
                        Disprove
                      </Button>
                    </FlexItem>
                    <FlexItem>
                      <Button
                        variant="plain"
                        aria-label={`Delete ${h.title}`}
                        icon={<TrashIcon />}
                        onClick={() => actions.askDelete(h)}
                      />
                    </FlexItem>
                  </>
                )}
              </Flex>
            </StackItem>
            <StackItem>
              <Flex justifyContent={{ default: 'justifyContentSpaceBetween' }}>
                <FlexItem>
                  <Content component="h4">Evidence</Content>
                </FlexItem>
                {can.evidences && (
                  <FlexItem>
                    <Button
                      variant="link"
                      isInline
                      aria-label={`Add evidence to ${h.title}`}
                      onClick={() => setAddingEvidence(true)}
                    >
                      Add evidence
                    </Button>
                  </FlexItem>
                )}
              </Flex>
              <EvidenceList evidences={h.evidences ?? []} />
            </StackItem>
            <StackItem>
              <HypothesisComments hypothesis={h} />
            </StackItem>
            {can.incident && childType && (
              <StackItem>
                {adding ? (
                  <AddHypothesisForm parent={h} type={childType} onDone={() => setAdding(false)} />
                ) : (
                  <Button
                    variant="link"
                    isInline
                    icon={<PlusCircleIcon />}
                    onClick={() => setAdding(true)}
                  >
                    Add {HYPOTHESIS_TYPE_LABELS[childType]?.toLowerCase()}
                  </Button>
                )}
              </StackItem>
            )}
          </Stack>
        </CardBody>
      </Card>
      {addingEvidence && (
        <AddEvidenceWizard hypothesis={h} onClose={() => setAddingEvidence(false)} />
      )}
      {node.children.length > 0 && (
        <Stack hasGutter style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}>
          {node.children.map((child) => (
            <HypothesisNodeView key={child.hypothesis.id} node={child} actions={actions} />
          ))}
        </Stack>
      )}
    </StackItem>
  );
}

/** 'Delete or disprove?' for one hypothesis (§2.4). */
function DeleteOrDisproveDialog({
  hypothesis,
  onClose,
}: {
  hypothesis: Hypothesis | undefined;
  onClose: () => void;
}) {
  const { incident, refresh } = useDetail();
  const { addToast } = useToast();
  const [busy, setBusy] = useState<'delete' | 'disprove'>();

  const remove = async () => {
    if (!hypothesis) return;
    setBusy('delete');
    try {
      await deleteHypotheses(withDescendants(incident.hypotheses, [hypothesis.id]));
      onClose();
    } catch (e) {
      // §8: a failed delete is logged and the dialog is usable again.
      console.error('Deleting the hypothesis failed', e);
    } finally {
      setBusy(undefined);
    }
    await refresh();
  };

  const disprove = async () => {
    if (!hypothesis) return;
    setBusy('disprove');
    try {
      await updateHypothesis(hypothesis.id, { status: 'disproven' });
      onClose();
    } catch (e) {
      addToast({ variant: 'danger', title: errorMessage(e) });
    } finally {
      setBusy(undefined);
    }
    await refresh();
  };

  return (
    <Dialog
      isOpen={Boolean(hypothesis)}
      onClose={onClose}
      title="Delete hypothesis"
      size="small"
      canExpand={false}
      footer={
        <>
          <Button
            variant="danger"
            isLoading={busy === 'delete'}
            isDisabled={Boolean(busy)}
            onClick={() => void remove()}
          >
            Delete
          </Button>
          <Button
            variant="secondary"
            isLoading={busy === 'disprove'}
            isDisabled={Boolean(busy)}
            onClick={() => void disprove()}
          >
            Disprove
          </Button>
          <Button variant="link" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      Delete “{hypothesis?.title}” with its evidence, comments and the hypotheses below it, or mark
      it as disproven and keep it?
    </Dialog>
  );
}

/** The Action Plan tab: the hypothesis tree (§2.4). */
export function ActionPlan() {
  const { incident, can, refresh } = useDetail();
  const tree = useMemo(() => buildTree(incident.hypotheses), [incident.hypotheses]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<Hypothesis>();
  const [deletingMany, setDeletingMany] = useState(false);
  const [addingRoot, setAddingRoot] = useState(false);
  const present = new Set(incident.hypotheses.map((h) => h.id));
  const chosen = [...selected].filter((id) => present.has(id));
  const hasRoot = incident.hypotheses.some((h) => h.type === 'root');

  const actions: TreeActions = useMemo(
    () => ({
      selected,
      toggleSelected: (id, on) =>
        setSelected((s) => {
          const next = new Set(s);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
      askDelete: setDeleting,
    }),
    [selected],
  );

  const removeSelected = async () => {
    try {
      await deleteHypotheses(withDescendants(incident.hypotheses, chosen));
      setSelected(new Set());
      setDeletingMany(false);
    } catch (e) {
      console.error('Deleting the hypotheses failed', e);
    }
    await refresh();
  };

  return (
    <Stack hasGutter>
      {can.incident && (
        <StackItem>
          <Toolbar>
            <ToolbarContent>
              <ToolbarItem>
                <Button
                  variant="secondary"
                  icon={<PlusCircleIcon />}
                  onClick={() => setAddingRoot(true)}
                >
                  {hasRoot ? 'Add root cause' : 'Add hypothesis'}
                </Button>
              </ToolbarItem>
              <ToolbarItem>
                <Button
                  variant="danger"
                  isDisabled={chosen.length === 0}
                  onClick={() => setDeletingMany(true)}
                >
                  Delete selected{chosen.length > 0 ? ` (${chosen.length})` : ''}
                </Button>
              </ToolbarItem>
            </ToolbarContent>
          </Toolbar>
        </StackItem>
      )}
      {addingRoot && (
        <StackItem>
          <AddHypothesisForm parent={null} type="root" onDone={() => setAddingRoot(false)} />
        </StackItem>
      )}
      {incident.hypotheses.length > 0 && allEvidences(incident).length === 0 && (
        <StackItem>
          <Content component="p">{MESSAGES.noIncidentEvidence}</Content>
        </StackItem>
      )}
      {tree.length === 0 && !addingRoot && (
        <StackItem>
          <Content component="p">There are no hypotheses for this incident yet.</Content>
        </StackItem>
      )}
      {tree.map((node) => (
        <HypothesisNodeView key={node.hypothesis.id} node={node} actions={actions} />
      ))}
      <DeleteOrDisproveDialog hypothesis={deleting} onClose={() => setDeleting(undefined)} />
      <ConfirmDialog
        isOpen={deletingMany}
        title="Delete hypotheses"
        onConfirm={removeSelected}
        onClose={() => setDeletingMany(false)}
      >
        Are you sure you want to delete {chosen.length} hypotheses with their evidence, comments and
        the hypotheses below them?
      </ConfirmDialog>
    </Stack>
  );
}
