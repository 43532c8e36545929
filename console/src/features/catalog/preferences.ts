import { useCallback, useSyncExternalStore } from 'react';

/** 'Hide Deleted Catalog' on the catalog preferences page (spec 002 §2); 'yes' or 'no'. */
export const HIDE_DELETED_CATALOG_KEY = 'hideDeletedCatalog';
/** The changes list's Hide Deleted toggle (spec 002 §2), named as upstream names it. */
export const HIDE_DELETED_CHANGES_KEY = 'areDeletedConfigChangesHidden';

// Same-tab writers tell subscribers through this event; other tabs through 'storage'.
const CHANGED = 'vigil:preference';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** Reads a stored 'yes'/'no'; anything else (nothing stored) is the default. */
export function yesNo(value: string | null, fallback: boolean): boolean {
  if (value === 'yes') return true;
  if (value === 'no') return false;
  return fallback;
}

/**
 * A yes/no preference kept in localStorage, shared by every component that reads it. Both hide
 * deleted toggles default to on (spec 002 §4).
 */
export function useYesNoPreference(key: string, fallback = true): [boolean, (on: boolean) => void] {
  const stored = useSyncExternalStore(subscribe, () => read(key));
  const set = useCallback(
    (on: boolean) => {
      try {
        localStorage.setItem(key, on ? 'yes' : 'no');
      } catch {
        // Not remembered: private mode or a full storage.
      }
      window.dispatchEvent(new Event(CHANGED));
    },
    [key],
  );
  return [yesNo(stored, fallback), set];
}

export const useHideDeletedCatalog = () => useYesNoPreference(HIDE_DELETED_CATALOG_KEY);
export const useHideDeletedChanges = () => useYesNoPreference(HIDE_DELETED_CHANGES_KEY);
