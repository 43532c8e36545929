import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_MESSAGE_MS, useTimedMessage } from './useTimedMessage';

describe('useTimedMessage', () => {
  afterEach(() => vi.useRealTimers());

  it('clears a message after 10 seconds', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage());
    act(() => result.current.success('Saved'));
    expect(result.current.message).toEqual({ variant: 'success', text: 'Saved' });
    act(() => vi.advanceTimersByTime(PROFILE_MESSAGE_MS - 1));
    expect(result.current.message).toBeDefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.message).toBeUndefined();
    expect(PROFILE_MESSAGE_MS).toBe(10_000);
  });

  it('restarts the 10 seconds for a new message', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage());
    act(() => result.current.success('first'));
    act(() => vi.advanceTimersByTime(9_000));
    act(() => result.current.failure('second'));
    act(() => vi.advanceTimersByTime(9_000));
    expect(result.current.message).toEqual({ variant: 'danger', text: 'second' });
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.message).toBeUndefined();
  });
});
