import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SEARCH_PLACEHOLDER, SearchBox } from './IncidentFilters';

afterEach(() => vi.useRealTimers());

describe('SearchBox', () => {
  it('commits 400 ms after the last keystroke, once', () => {
    vi.useFakeTimers();
    const onCommit = vi.fn();
    render(<SearchBox value="" onCommit={onCommit} />);
    const box = screen.getByRole('textbox', { name: SEARCH_PLACEHOLDER });
    expect(box).toHaveAttribute('placeholder', 'Search for incident');

    fireEvent.change(box, { target: { value: 'dis' } });
    act(() => vi.advanceTimersByTime(300));
    // Another keystroke starts the wait again.
    fireEvent.change(box, { target: { value: 'disk' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith('disk');
    expect(SEARCH_DEBOUNCE_MS).toBe(400);
  });

  it('shows a search changed from outside (back button) without committing it again', () => {
    vi.useFakeTimers();
    const onCommit = vi.fn();
    const { rerender } = render(<SearchBox value="old" onCommit={onCommit} />);
    rerender(<SearchBox value="new" onCommit={onCommit} />);
    expect(screen.getByRole('textbox', { name: SEARCH_PLACEHOLDER })).toHaveValue('new');
    act(() => vi.advanceTimersByTime(1000));
    expect(onCommit).not.toHaveBeenCalled();
  });
});
