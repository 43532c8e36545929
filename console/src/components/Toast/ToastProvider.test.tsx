import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider } from './ToastProvider';
import type { ToastOptions } from './toastContext';
import { useToast } from './useToast';

function Trigger({ toast }: { toast: ToastOptions }) {
  const { addToast } = useToast();
  return <button onClick={() => addToast(toast)}>show</button>;
}

function renderWith(toast: ToastOptions) {
  return render(
    <ToastProvider>
      <Trigger toast={toast} />
    </ToastProvider>,
  );
}

describe('ToastProvider', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a toast and removes it after 5 seconds', () => {
    vi.useFakeTimers();
    renderWith({ variant: 'success', title: 'Saved' });
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByText('Saved')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('shows the variant to assistive technology and can be closed early', async () => {
    renderWith({ variant: 'danger', title: 'Broke', description: 'details here' });
    await userEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getByText('Danger alert:')).toBeInTheDocument();
    expect(screen.getByText('details here')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /close danger alert/i }));
    expect(screen.queryByText('Broke')).not.toBeInTheDocument();
  });

  it('renders a link action that can navigate in-app', async () => {
    const onClick = vi.fn();
    renderWith({
      variant: 'success',
      title: 'Linked to incident successfully',
      link: { text: 'View incident', href: '/incidents/1', onClick },
    });
    await userEvent.click(screen.getByRole('button', { name: 'show' }));
    const link = screen.getByRole('link', { name: 'View incident' });
    expect(link).toHaveAttribute('href', '/incidents/1');
    await userEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('refuses to work outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger toast={{ variant: 'info', title: 'x' }} />)).toThrow(
      /ToastProvider/,
    );
    vi.restoreAllMocks();
  });
});
