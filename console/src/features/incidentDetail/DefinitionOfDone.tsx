import {
  Button,
  Checkbox,
  Content,
  DataList,
  DataListAction,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  Flex,
  FlexItem,
  Form,
  FormGroup,
  Label,
  Radio,
  Stack,
  StackItem,
  TextArea,
} from '@patternfly/react-core';
import {
  CheckCircleIcon,
  ExclamationTriangleIcon,
  OutlinedCircleIcon,
} from '@patternfly/react-icons';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { Dialog } from '../../components/Dialog/Dialog';
import { useToast } from '../../components/Toast/useToast';
import { createEvidence, errorMessage, updateEvidence } from './api';
import { useDetail } from './context';
import { EvidenceContent } from './EvidenceView';
import { MESSAGES } from './messages';
import {
  DOD_DEFAULT_SCRIPTS,
  DOD_SCRIPT_SHORTCUTS,
  EVIDENCE_TYPE_LABELS,
  allEvidences,
  type Evidence,
} from './model';
import { buildTree, flattenTree } from './tree';

const evidenceTitle = (e: Evidence) =>
  e.description || e.evidence?.comment || EVIDENCE_TYPE_LABELS[e.type] || e.type;

/** The default script of the selected evidence: only when they all share a type that has one. */
export function defaultScript(selected: readonly Evidence[]): string | undefined {
  const types = new Set(selected.map((e) => e.type));
  if (types.size !== 1) return undefined;
  const [type] = [...types];
  return type ? DOD_DEFAULT_SCRIPTS[type]?.script : undefined;
}

type WizardStep = 'choose' | 'select' | 'script' | 'manual';

/**
 * The definition-of-done wizard (§2.4). Automatic: select evidence (Next needs one), then an
 * optional CEL script with the shortcuts and default scripts. Manual: a comment evidence in the
 * definition of done (Add needs text).
 */
export function AddDefinitionOfDoneDialog({ onClose }: { onClose: () => void }) {
  const { incident, me, refresh } = useDetail();
  const { addToast } = useToast();
  const [step, setStep] = useState<WizardStep>('choose');
  const [mode, setMode] = useState<'automatic' | 'manual'>('automatic');
  const [selected, setSelected] = useState<string[]>([]);
  const [script, setScript] = useState('');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);

  const evidences = allEvidences(incident);
  const candidates = evidences.filter((e) => !e.definition_of_done);
  const chosen = candidates.filter((e) => selected.includes(e.id));
  const shortcuts = [...new Set(chosen.map((e) => e.type))].flatMap(
    (t) => DOD_SCRIPT_SHORTCUTS[t] ?? [],
  );
  const defaults = [...new Set(chosen.map((e) => e.type))].flatMap((t) => {
    const d = DOD_DEFAULT_SCRIPTS[t];
    return d ? [d] : [];
  });
  // The first hypothesis in tree order (the root cause) holds manual items.
  const holder = useMemo(
    () => flattenTree(buildTree(incident.hypotheses))[0]?.hypothesis,
    [incident.hypotheses],
  );

  const addAutomatic = async () => {
    setBusy(true);
    try {
      for (const e of chosen) {
        await updateEvidence(e.id, {
          definition_of_done: true,
          ...(script.trim() ? { script: script.trim() } : {}),
        });
      }
      onClose();
    } catch {
      addToast({ variant: 'danger', title: MESSAGES.dodAddFailed });
    } finally {
      setBusy(false);
    }
    await refresh();
  };

  const addManual = async () => {
    if (!holder) return;
    setBusy(true);
    try {
      await createEvidence(
        {
          hypothesis_id: holder.id,
          type: 'comment',
          description: comment.trim(),
          evidence: { comment: comment.trim() },
          definition_of_done: true,
        },
        me.id,
      );
      onClose();
    } catch (e) {
      addToast({ variant: 'danger', title: errorMessage(e) });
    } finally {
      setBusy(false);
    }
    await refresh();
  };

  const next = () => {
    if (step === 'choose') setStep(mode === 'automatic' ? 'select' : 'manual');
    else if (step === 'select') {
      setScript((s) => s || defaultScript(chosen) || '');
      setStep('script');
    }
  };

  const primary =
    step === 'script' ? (
      <Button isDisabled={busy} isLoading={busy} onClick={() => void addAutomatic()}>
        Add
      </Button>
    ) : step === 'manual' ? (
      <Button
        isDisabled={!comment.trim() || !holder || busy}
        isLoading={busy}
        onClick={() => void addManual()}
      >
        Add
      </Button>
    ) : (
      <Button isDisabled={step === 'select' && chosen.length === 0} onClick={next}>
        Next
      </Button>
    );

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Add definition of done"
      size="medium"
      footer={
        <>
          {primary}
          {step !== 'choose' && (
            <Button
              variant="secondary"
              onClick={() => setStep(step === 'script' ? 'select' : 'choose')}
            >
              Back
            </Button>
          )}
          <Button variant="link" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {step === 'choose' && (
        <Form>
          <Radio
            id="dod-automatic"
            name="dod-mode"
            label="Automatic"
            description="Done when evidence holds, checked by a script"
            isChecked={mode === 'automatic'}
            onChange={() => setMode('automatic')}
          />
          <Radio
            id="dod-manual"
            name="dod-mode"
            label="Manual"
            description="Done when someone marks it resolved"
            isChecked={mode === 'manual'}
            onChange={() => setMode('manual')}
          />
        </Form>
      )}
      {step === 'select' && (
        <Stack hasGutter>
          <Content component="h3">Select item to be used for the definition of done</Content>
          {evidences.length === 0 && <Content component="p">{MESSAGES.noIncidentEvidence}</Content>}
          {evidences.length > 0 && candidates.length === 0 && (
            <Content component="p">{MESSAGES.noNonDodEvidence}</Content>
          )}
          {candidates.map((e) => (
            <Checkbox
              key={e.id}
              id={`dod-select-${e.id}`}
              label={evidenceTitle(e)}
              description={EVIDENCE_TYPE_LABELS[e.type] ?? e.type}
              isChecked={selected.includes(e.id)}
              onChange={(_ev, on) =>
                setSelected((s) => (on ? [...s, e.id] : s.filter((x) => x !== e.id)))
              }
            />
          ))}
        </Stack>
      )}
      {step === 'script' && (
        <Stack hasGutter>
          <Content component="h3">Define done using a CEL expression:</Content>
          {(shortcuts.length > 0 || defaults.length > 0) && (
            <StackItem>
              <Content component="h4">Script Shortcuts</Content>
              <Flex spaceItems={{ default: 'spaceItemsSm' }}>
                {[...shortcuts, ...defaults].map((s) => (
                  <FlexItem key={s.script}>
                    <Button variant="link" isInline onClick={() => setScript(s.script)}>
                      {s.label}
                    </Button>
                  </FlexItem>
                ))}
              </Flex>
            </StackItem>
          )}
          <FormGroup label="Script (Optional)" fieldId="dod-script">
            <TextArea
              id="dod-script"
              value={script}
              onChange={(_e, v) => setScript(v)}
              style={{ fontFamily: 'var(--pf-t--global--font--family--mono)' }}
              rows={4}
            />
          </FormGroup>
        </Stack>
      )}
      {step === 'manual' && (
        <Form>
          <FormGroup label="Definition of done" isRequired fieldId="dod-comment">
            <TextArea
              id="dod-comment"
              value={comment}
              onChange={(_e, v) => setComment(v)}
              rows={4}
            />
          </FormGroup>
          {!holder && <Content component="small">Add a hypothesis first.</Content>}
        </Form>
      )}
    </Dialog>
  );
}

function DoneMark({ evidence: e }: { evidence: Evidence }) {
  if (e.script_error) {
    return (
      <span
        title={e.script_error}
        style={{ color: 'var(--pf-t--global--icon--color--status--warning--default)' }}
      >
        <ExclamationTriangleIcon /> Script error
      </span>
    );
  }
  return e.done ? (
    <span style={{ color: 'var(--pf-t--global--icon--color--status--success--default)' }}>
      <CheckCircleIcon /> Done
    </span>
  ) : (
    <span>
      <OutlinedCircleIcon /> Not done
    </span>
  );
}

/** The Definition of done section: evidence flagged definition_of_done (§2.4). */
export function DefinitionOfDoneSection() {
  const { incident, can, refresh } = useDetail();
  const { addToast } = useToast();
  const [adding, setAdding] = useState(false);
  const [marking, setMarking] = useState<Evidence>();
  const items = allEvidences(incident).filter((e) => e.definition_of_done);

  const remove = async (e: Evidence) => {
    try {
      await updateEvidence(e.id, { definition_of_done: false });
    } catch {
      addToast({ variant: 'danger', title: MESSAGES.dodRemoveFailed });
    }
    await refresh();
  };

  const toggleDone = async () => {
    if (!marking) return;
    try {
      await updateEvidence(marking.id, { done: !marking.done });
      setMarking(undefined);
    } catch (e) {
      addToast({ variant: 'danger', title: errorMessage(e) });
    }
    await refresh();
  };

  return (
    <Stack hasGutter>
      {items.length === 0 ? (
        <Content component="small">No definition of done yet</Content>
      ) : (
        <DataList aria-label="Definition of done" isCompact>
          {items.map((e) => (
            <DataListItem key={e.id} aria-labelledby={`dod-${e.id}`}>
              <DataListItemRow>
                <DataListItemCells
                  dataListCells={[
                    <DataListCell key="what">
                      <div id={`dod-${e.id}`}>
                        <Label isCompact>{EVIDENCE_TYPE_LABELS[e.type] ?? e.type}</Label>{' '}
                        {e.type === 'comment' ? <EvidenceContent evidence={e} /> : evidenceTitle(e)}
                      </div>
                      {e.script && (
                        <code style={{ fontSize: '0.75rem' }} title="Script">
                          {e.script}
                        </code>
                      )}
                    </DataListCell>,
                    <DataListCell key="done" isFilled={false}>
                      <DoneMark evidence={e} />
                    </DataListCell>,
                  ]}
                />
                {can.evidences && (
                  <DataListAction
                    id={`dod-actions-${e.id}`}
                    aria-label={`Actions for ${evidenceTitle(e)}`}
                    aria-labelledby={`dod-${e.id}`}
                  >
                    {e.type === 'comment' && (
                      <Button variant="link" isInline onClick={() => setMarking(e)}>
                        {e.done ? 'Mark as not resolved' : 'Mark as resolved'}
                      </Button>
                    )}
                    <Button variant="link" isInline isDanger onClick={() => void remove(e)}>
                      Remove
                    </Button>
                  </DataListAction>
                )}
              </DataListItemRow>
            </DataListItem>
          ))}
        </DataList>
      )}
      {can.evidences && (
        <StackItem>
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            Add definition of done
          </Button>
        </StackItem>
      )}
      {adding && <AddDefinitionOfDoneDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        isOpen={Boolean(marking)}
        title={marking?.done ? 'Mark as not resolved' : 'Mark as resolved'}
        confirmLabel={marking?.done ? 'Mark as not resolved' : 'Mark as resolved'}
        variant="primary"
        onConfirm={toggleDone}
        onClose={() => setMarking(undefined)}
      >
        {marking?.done
          ? 'Mark this definition of done item as not resolved?'
          : 'Mark this definition of done item as resolved?'}
      </ConfirmDialog>
    </Stack>
  );
}
