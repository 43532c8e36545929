import { Button } from '@patternfly/react-core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Dialog } from '../Dialog/Dialog';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: ReactNode;
  /** The question, e.g. 'Are you sure you want to delete the permission?'. */
  children: ReactNode;
  /** Defaults to 'Delete'. */
  confirmLabel?: string;
  /** Destructive by default: the button is red. */
  variant?: 'danger' | 'primary';
  /** Resolves when done; the dialog stays busy until then so the action cannot run twice. */
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel = 'Delete',
  variant = 'danger',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      size="small"
      canExpand={false}
      footer={
        <>
          <Button
            variant={variant}
            isLoading={busy}
            isDisabled={busy}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
          <Button variant="link" onClick={onClose} isDisabled={busy}>
            Cancel
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
