import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface Debounced<A extends unknown[]> {
  /** Runs fn with these arguments after `delay` ms without another call. */
  call: (...args: A) => void;
  /** Runs a waiting call now. */
  flush: () => void;
  /** Drops a waiting call. */
  cancel: () => void;
}

/**
 * Debounces fn (always the latest fn). A call still waiting when the component unmounts is made
 * then, so an edit is never lost by leaving the page.
 */
export function useDebouncedCallback<A extends unknown[]>(
  fn: (...args: A) => void,
  delay: number,
): Debounced<A> {
  const fnRef = useRef(fn);
  useEffect(() => {
    fnRef.current = fn;
  }, [fn]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<A | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const args = pending.current;
    pending.current = undefined;
    if (args) fnRef.current(...args);
  }, []);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = undefined;
  }, []);

  const call = useCallback(
    (...args: A) => {
      pending.current = args;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [delay, flush],
  );

  useEffect(() => flush, [flush]);

  return useMemo(() => ({ call, flush, cancel }), [call, flush, cancel]);
}
