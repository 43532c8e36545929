import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  SELECTED_PARAM,
  formatSelected,
  parseSelected,
  pickLine,
  withinLines,
} from './lineSelection';

export interface LineSelection {
  /** Selected 1-based line numbers that exist in the config, sorted. */
  selected: number[];
  /** A click on a line; `extend` (shift) selects from the last clicked line to this one. */
  pick: (line: number, extend: boolean) => void;
  clear: () => void;
}

/**
 * The selected lines, kept in `?selected=` so a link to the page shows the same lines. Updates
 * replace the history entry: stepping back through every click would be noise.
 */
export function useLineSelection(lineCount: number): LineSelection {
  const [params, setParams] = useSearchParams();
  const raw = params.get(SELECTED_PARAM);
  const selected = useMemo(() => withinLines(parseSelected(raw), lineCount), [raw, lineCount]);
  // Where a shift-click range starts. It is not shown, so a ref rather than state.
  const anchor = useRef<number | undefined>(undefined);

  const write = useCallback(
    (next: (current: number[]) => number[]) =>
      // React Router calls the updater at once with the current URL (it is not a queued React
      // state update), so quick clicks build on each other.
      setParams(
        (prev) => {
          const current = withinLines(parseSelected(prev.get(SELECTED_PARAM)), lineCount);
          const value = formatSelected(next(current));
          const updated = new URLSearchParams(prev);
          if (value) updated.set(SELECTED_PARAM, value);
          else updated.delete(SELECTED_PARAM);
          return updated;
        },
        { replace: true },
      ),
    [setParams, lineCount],
  );

  const pick = useCallback(
    (line: number, extend: boolean) =>
      write((current) => {
        const picked = pickLine(current, anchor.current, line, extend);
        anchor.current = picked.anchor;
        return picked.selected;
      }),
    [write],
  );

  const clear = useCallback(() => {
    anchor.current = undefined;
    write(() => []);
  }, [write]);

  return { selected, pick, clear };
}
