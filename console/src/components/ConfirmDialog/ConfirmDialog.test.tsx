import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  it('asks the question and confirms', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    render(
      <ConfirmDialog isOpen title="Delete permission" onConfirm={onConfirm} onClose={onClose}>
        Are you sure you want to delete the permission?
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete permission' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the permission?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cancels without confirming', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        isOpen
        title="Revoke"
        confirmLabel="Revoke"
        onConfirm={onConfirm}
        onClose={onClose}
      >
        Sure?
      </ConfirmDialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
