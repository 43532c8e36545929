import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RefreshRatePicker } from './RefreshRatePicker';
import { useRefreshRate } from './useRefreshRate';

const KEY = 'test.refresh';

function Page({ rangeMinutes = 0 }: { rangeMinutes?: number }) {
  const rate = useRefreshRate(KEY, rangeMinutes);
  return (
    <>
      <RefreshRatePicker value={rate.value} onChange={rate.setValue} rangeMinutes={rangeMinutes} />
      <output>{rate.intervalMs}</output>
    </>
  );
}

const toggle = () => screen.getByRole('button', { name: /^Refresh rate/ });

async function openMenu() {
  await userEvent.click(toggle());
}

function disabledOptions(): string[] {
  return screen
    .getAllByRole('option')
    .filter((o) => o.matches(':disabled'))
    .map((o) => o.textContent ?? '');
}

describe('RefreshRatePicker', () => {
  it('lists the spec rates, starting at None', async () => {
    render(<Page />);
    expect(toggle()).toHaveTextContent('None');
    await openMenu();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'None',
      '15s',
      '30s',
      '60s',
      '2m',
      '3m',
      '5m',
      '10m',
      '15m',
    ]);
    expect(disabledOptions()).toEqual([]);
  });

  it('disables 15s and 30s for a range of 1h or more', async () => {
    render(<Page rangeMinutes={60} />);
    await openMenu();
    expect(disabledOptions()).toEqual(['15s', '30s']);
  });

  it('also disables 2m and 3m for a range of 3h or more', async () => {
    render(<Page rangeMinutes={180} />);
    await openMenu();
    expect(disabledOptions()).toEqual(['15s', '30s', '2m', '3m']);
  });

  it('remembers the choice in localStorage and polls at that rate', async () => {
    const { unmount } = render(<Page />);
    await openMenu();
    await userEvent.click(screen.getByRole('option', { name: '2m' }));
    expect(localStorage.getItem(KEY)).toBe('2m');
    expect(screen.getByRole('status')).toHaveTextContent('120000');
    unmount();

    render(<Page />);
    expect(toggle()).toHaveTextContent('2m');
  });

  it('falls back to a slower allowed rate when the range disables the stored one', () => {
    localStorage.setItem(KEY, '15s');
    render(<Page rangeMinutes={120} />);
    expect(toggle()).toHaveTextContent('60s');
    expect(screen.getByRole('status')).toHaveTextContent('60000');
  });

  it('ignores a stored value that is not a known rate', () => {
    localStorage.setItem(KEY, '7s');
    render(<Page />);
    expect(toggle()).toHaveTextContent('None');
    expect(screen.getByRole('status')).toHaveTextContent('0');
  });
});
