import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DialogProps } from './Dialog';
import { Dialog } from './Dialog';

function renderDialog(props: Partial<DialogProps> = {}) {
  const onClose = vi.fn();
  render(
    <Dialog isOpen onClose={onClose} title="Link to Incident" {...props}>
      body text
    </Dialog>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Link to Incident' }) };
}

const widthOf = (el: HTMLElement) => el.style.getPropertyValue('--pf-v6-c-modal-box--Width');

describe('Dialog', () => {
  it.each([
    ['very-small', '25rem'],
    ['small', '35rem'],
    ['medium', '52.5rem'],
    ['large', '70rem'],
    ['full', 'calc(100vw - 2rem)'],
  ] as const)('sizes %s dialogs to %s', (size, width) => {
    const { dialog } = renderDialog({ size });
    expect(widthOf(dialog)).toBe(width);
  });

  it('shows the title, body and footer and closes from the close button', async () => {
    const { onClose } = renderDialog({ footer: <button>Save</button> });
    expect(screen.getByText('body text')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('expands to full size and back', async () => {
    const { dialog } = renderDialog({ size: 'small' });
    await userEvent.click(screen.getByRole('button', { name: 'Expand to full size' }));
    expect(widthOf(dialog)).toBe('calc(100vw - 2rem)');
    await userEvent.click(screen.getByRole('button', { name: 'Restore size' }));
    expect(widthOf(dialog)).toBe('35rem');
  });

  it('has no expand button when expanding is off', () => {
    renderDialog({ canExpand: false });
    expect(screen.queryByRole('button', { name: 'Expand to full size' })).not.toBeInTheDocument();
  });

  it('has no expand button on a full-size dialog', () => {
    renderDialog({ size: 'full' });
    expect(screen.queryByRole('button', { name: 'Expand to full size' })).not.toBeInTheDocument();
  });

  it('opens again at its own size after being closed expanded', async () => {
    const view = (isOpen: boolean) => (
      <Dialog isOpen={isOpen} onClose={() => {}} title="Sized" size="small">
        body
      </Dialog>
    );
    const { rerender } = render(view(true));
    await userEvent.click(screen.getByRole('button', { name: 'Expand to full size' }));
    rerender(view(false));
    rerender(view(true));
    expect(widthOf(screen.getByRole('dialog', { name: 'Sized' }))).toBe('35rem');
  });

  it('links to the documentation in a new tab', () => {
    renderDialog({ helpLink: 'https://docs.example.com/incidents' });
    const link = screen.getByRole('link', { name: 'Documentation' });
    expect(link).toHaveAttribute('href', 'https://docs.example.com/incidents');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('renders nothing while closed', () => {
    render(
      <Dialog isOpen={false} onClose={() => {}} title="Hidden">
        secret
      </Dialog>,
    );
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });
});
