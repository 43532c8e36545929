import { Button, Flex } from '@patternfly/react-core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { useToast } from '../../../components/Toast/useToast';
import { errorText } from '../../../lib/settingsResource';
import { runPath } from '../paths';
import { isRunEnded } from '../runs/runStatus';
import type { RunDetail } from '../types';
import { approveRun, cancelRun, rerun } from './api';

export const APPROVED_TOAST = 'Run approved';
export const CANCELLED_TOAST = 'Run cancelled';

/**
 * Approve (while the run waits for approval), Cancel (until it ends) and Rerun (once it has
 * ended), for users with write on playbook runs. The server decides who may approve or cancel:
 * a refusal shows its reason.
 */
export function RunControls({ run, onChanged }: { run: RunDetail; onChanged: () => void }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const [busy, setBusy] = useState<'approve' | 'rerun'>();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const ended = isRunEnded(run.status);
  const fail = (e: unknown) => addToast({ variant: 'danger', title: errorText(e) });

  const approve = async () => {
    setBusy('approve');
    try {
      await approveRun(run.id);
      addToast({ variant: 'success', title: APPROVED_TOAST });
      onChanged();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(undefined);
    }
  };
  const cancel = async () => {
    try {
      await cancelRun(run.id);
      addToast({ variant: 'success', title: CANCELLED_TOAST });
      onChanged();
    } catch (e) {
      fail(e);
    } finally {
      setConfirmCancel(false);
    }
  };
  const again = async () => {
    setBusy('rerun');
    try {
      const started = await rerun(run.id);
      void navigate(runPath(started.run_id));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Flex gap={{ default: 'gapSm' }}>
      {run.status === 'pending_approval' && (
        <Button
          variant="primary"
          isLoading={busy === 'approve'}
          isDisabled={busy !== undefined}
          onClick={() => void approve()}
        >
          Approve
        </Button>
      )}
      {!ended && (
        <Button
          variant="danger"
          isDisabled={busy !== undefined}
          onClick={() => setConfirmCancel(true)}
        >
          Cancel
        </Button>
      )}
      {ended && (
        <Button
          variant="secondary"
          isLoading={busy === 'rerun'}
          isDisabled={busy !== undefined}
          onClick={() => void again()}
        >
          Rerun
        </Button>
      )}
      <ConfirmDialog
        isOpen={confirmCancel}
        title="Cancel Run"
        confirmLabel="Cancel Run"
        onConfirm={cancel}
        onClose={() => setConfirmCancel(false)}
      >
        Are you sure you want to cancel this run? Its running action is stopped.
      </ConfirmDialog>
    </Flex>
  );
}
