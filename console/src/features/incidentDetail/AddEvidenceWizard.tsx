import {
  Button,
  Content,
  Form,
  FormGroup,
  Radio,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { useToast } from '../../components/Toast/useToast';
import { createEvidence, errorMessage } from './api';
import { useDetail } from './context';
import type { Hypothesis } from './model';

const STEPS = ['Evidence type', 'Details', 'Review'] as const;

/**
 * The add-evidence wizard (§2.4: three steps, a placeholder upstream). Here it adds a comment
 * evidence to the hypothesis; logs, configs, components and checks are attached from their own
 * pages with Attach as Evidence.
 */
export function AddEvidenceWizard({
  hypothesis,
  onClose,
}: {
  hypothesis: Hypothesis;
  onClose: () => void;
}) {
  const { me, refresh } = useDetail();
  const { addToast } = useToast();
  const [step, setStep] = useState(0);
  const [description, setDescription] = useState('');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = comment.trim() !== '';

  const add = async () => {
    setBusy(true);
    try {
      await createEvidence(
        {
          hypothesis_id: hypothesis.id,
          type: 'comment',
          description: description.trim() || comment.trim(),
          evidence: { comment: comment.trim() },
        },
        me.id,
      );
      await refresh();
      onClose();
    } catch (e) {
      addToast({ variant: 'danger', title: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Add evidence"
      size="small"
      description={`Step ${step + 1} of ${STEPS.length}: ${STEPS[step]}`}
      footer={
        <>
          {step < STEPS.length - 1 ? (
            <Button isDisabled={step === 1 && !ready} onClick={() => setStep(step + 1)}>
              Next
            </Button>
          ) : (
            <Button isDisabled={!ready || busy} isLoading={busy} onClick={() => void add()}>
              Add
            </Button>
          )}
          {step > 0 && (
            <Button variant="secondary" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          )}
          <Button variant="link" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {step === 0 && (
        <Form>
          <Radio
            id="evidence-type-comment"
            name="evidence-type"
            label="Comment"
            isChecked
            onChange={() => undefined}
          />
          <Content component="small">
            Logs, configs, components and checks are attached from their own pages with Attach as
            Evidence.
          </Content>
        </Form>
      )}
      {step === 1 && (
        <Form>
          <FormGroup label="Description" fieldId="evidence-description">
            <TextInput
              id="evidence-description"
              value={description}
              onChange={(_e, v) => setDescription(v)}
            />
          </FormGroup>
          <FormGroup label="Comment" isRequired fieldId="evidence-comment">
            <TextArea id="evidence-comment" value={comment} onChange={(_e, v) => setComment(v)} />
          </FormGroup>
        </Form>
      )}
      {step === 2 && (
        <Content>
          <p>
            Comment evidence on <strong>{hypothesis.title}</strong>
          </p>
          {description.trim() && <p>{description.trim()}</p>}
          <blockquote>{comment.trim()}</blockquote>
        </Content>
      )}
    </Dialog>
  );
}
