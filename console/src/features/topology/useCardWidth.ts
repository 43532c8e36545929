import { useCallback, useState } from 'react';
import { parseCardWidth } from './cardSize';

/** Where the width slider's choice is remembered (spec 002 §9: kept in local storage). */
export const CARD_WIDTH_KEY = 'vigil.topology.cardWidth';

function readStored(): number | undefined {
  try {
    return parseCardWidth(localStorage.getItem(CARD_WIDTH_KEY));
  } catch {
    return undefined;
  }
}

export interface CardWidthState {
  /** The width the user chose, or undefined while cards keep their named sizes. */
  width: number | undefined;
  setWidth: (width: number | undefined) => void;
}

/** The card width chosen with the slider, remembered across visits; undefined clears it. */
export function useCardWidth(): CardWidthState {
  const [width, setState] = useState<number | undefined>(readStored);
  const setWidth = useCallback((next: number | undefined) => {
    const value = next === undefined ? undefined : parseCardWidth(String(next));
    setState(value);
    try {
      if (value === undefined) localStorage.removeItem(CARD_WIDTH_KEY);
      else localStorage.setItem(CARD_WIDTH_KEY, String(value));
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
  }, []);
  return { width, setWidth };
}
