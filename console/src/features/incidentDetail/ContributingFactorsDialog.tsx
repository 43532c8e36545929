import {
  Button,
  Checkbox,
  Content,
  HelperText,
  HelperTextItem,
  Stack,
} from '@patternfly/react-core';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { useToast } from '../../components/Toast/useToast';
import { fetchIncidentEvidences, updateEvidence } from './api';
import { MESSAGES } from './messages';
import { EVIDENCE_TYPE_LABELS, type Evidence } from './model';

export const CONTRIBUTING_FACTORS_TITLE = 'Add contributing factors to definition of done';

export interface ContributingFactorsDialogProps {
  incidentId: string;
  /** The status being moved to (mitigated or resolved); undefined while closed. */
  status: string | undefined;
  /** Sets the status; the dialog closes after. */
  onStatus: (status: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Moving to mitigated or resolved (§4.1): the incident's evidence that is not yet in the
 * definition of done. Submit marks the chosen ones definition_of_done and then sets the status;
 * Skip sets only the status; Cancel changes nothing.
 */
export function ContributingFactorsDialog({
  incidentId,
  status,
  onStatus,
  onClose,
}: ContributingFactorsDialogProps) {
  const { addToast } = useToast();
  const [evidences, setEvidences] = useState<Evidence[]>();
  const [selected, setSelected] = useState<string[]>([]);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<'submit' | 'skip'>();
  const isOpen = status !== undefined;

  useEffect(() => {
    if (!isOpen) return;
    let live = true;
    setEvidences(undefined);
    setSelected([]);
    setProblem(undefined);
    fetchIncidentEvidences(incidentId).then(
      (all) => live && setEvidences(all.filter((e) => !e.definition_of_done)),
      (e: unknown) => {
        console.error(e);
        if (live) setEvidences([]);
      },
    );
    return () => {
      live = false;
    };
  }, [isOpen, incidentId]);

  const submit = async () => {
    if (!status) return;
    if (selected.length === 0) {
      setProblem(MESSAGES.selectOneEvidence);
      return;
    }
    setBusy('submit');
    try {
      for (const id of selected) await updateEvidence(id, { definition_of_done: true });
    } catch {
      addToast({ variant: 'danger', title: MESSAGES.dodAddFailed });
      setBusy(undefined);
      return;
    }
    await onStatus(status);
    setBusy(undefined);
    onClose();
  };

  const skip = async () => {
    if (!status) return;
    setBusy('skip');
    await onStatus(status);
    setBusy(undefined);
    onClose();
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={CONTRIBUTING_FACTORS_TITLE}
      size="medium"
      footer={
        <>
          <Button
            isLoading={busy === 'submit'}
            isDisabled={Boolean(busy) || evidences === undefined}
            onClick={() => void submit()}
          >
            Submit
          </Button>
          <Button
            variant="secondary"
            isLoading={busy === 'skip'}
            isDisabled={Boolean(busy)}
            onClick={() => void skip()}
          >
            Skip
          </Button>
          <Button variant="link" isDisabled={Boolean(busy)} onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <Stack hasGutter>
        {evidences === undefined && <Content component="p">{MESSAGES.loadingEvidences}</Content>}
        {evidences?.length === 0 && <Content component="p">{MESSAGES.noNonDodEvidence}</Content>}
        {evidences?.map((e) => (
          <Checkbox
            key={e.id}
            id={`factor-${e.id}`}
            label={e.description || e.evidence?.comment || EVIDENCE_TYPE_LABELS[e.type] || e.type}
            description={EVIDENCE_TYPE_LABELS[e.type] ?? e.type}
            isChecked={selected.includes(e.id)}
            onChange={(_ev, on) => {
              setProblem(undefined);
              setSelected((s) => (on ? [...s, e.id] : s.filter((x) => x !== e.id)));
            }}
          />
        ))}
        {problem && (
          <HelperText>
            <HelperTextItem variant="error">{problem}</HelperTextItem>
          </HelperText>
        )}
      </Stack>
    </Dialog>
  );
}
