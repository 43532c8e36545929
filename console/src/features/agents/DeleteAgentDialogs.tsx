import { Button } from '@patternfly/react-core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { Dialog } from '../../components/Dialog/Dialog';
import { CLEANUP_QUESTION, CLEANUP_TITLE, DELETE_TITLE, deleteQuestion } from './messages';

/**
 * Deleting an agent takes two answers: whether what it pushed goes too (the server's cleanup
 * flag), then a confirmation naming that choice, since neither can be undone.
 */
export function DeleteAgentDialogs({
  name,
  onDelete,
  onClose,
}: {
  name: string;
  /** Resolves once the agent is gone or the failure is reported; never rejects. */
  onDelete: (cleanup: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const [cleanup, setCleanup] = useState<boolean>();
  if (cleanup === undefined) {
    return (
      <Dialog
        isOpen
        onClose={onClose}
        title={CLEANUP_TITLE}
        size="small"
        canExpand={false}
        footer={
          <>
            <Button variant="danger" onClick={() => setCleanup(true)}>
              Yes
            </Button>
            <Button variant="secondary" onClick={() => setCleanup(false)}>
              No
            </Button>
            <Button variant="link" onClick={onClose}>
              Cancel
            </Button>
          </>
        }
      >
        {CLEANUP_QUESTION}
      </Dialog>
    );
  }
  return (
    <ConfirmDialog
      isOpen
      title={DELETE_TITLE}
      onConfirm={() => onDelete(cleanup)}
      onClose={onClose}
    >
      {deleteQuestion(name, cleanup)}
    </ConfirmDialog>
  );
}
