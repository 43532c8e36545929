import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../Toast/ToastProvider';
import { CopyButton } from './CopyButton';

function setClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

function renderButton(text: string | (() => string) = 'secret-token') {
  const onCopied = vi.fn();
  render(
    <ToastProvider>
      <CopyButton text={text} onCopied={onCopied} />
    </ToastProvider>,
  );
  return { onCopied, button: screen.getByRole('button', { name: 'Copy to clipboard' }) };
}

describe('CopyButton', () => {
  afterEach(() => setClipboard(undefined));

  it('copies the text and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    // userEvent installs its own clipboard stub, so ours is set after setup.
    const user = userEvent.setup();
    setClipboard({ writeText });
    const { button, onCopied } = renderButton(() => 'computed text');
    await user.click(button);
    expect(writeText).toHaveBeenCalledWith('computed text');
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(onCopied).toHaveBeenCalledWith(true);
  });

  it('explains when there is no clipboard', async () => {
    const user = userEvent.setup();
    setClipboard(undefined);
    const { button, onCopied } = renderButton();
    await user.click(button);
    expect(await screen.findByText('Clipboard not available')).toBeInTheDocument();
    expect(onCopied).toHaveBeenCalledWith(false);
  });

  it('reports a failed copy', async () => {
    const user = userEvent.setup();
    setClipboard({ writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    const { button } = renderButton();
    await user.click(button);
    expect(await screen.findByText('Failed to copy to clipboard')).toBeInTheDocument();
    expect(screen.queryByText('Copied to clipboard')).not.toBeInTheDocument();
  });
});
