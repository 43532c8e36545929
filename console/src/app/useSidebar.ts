import { useCallback, useEffect, useState } from 'react';

export const SIDEBAR_KEY = 'vigil.sidebar.collapsed';
/** Below this width the sidebar collapses by itself (spec 000 §2.2). */
export const AUTO_COLLAPSE_WIDTH = 1024;

function isNarrow(): boolean {
  return window.innerWidth < AUTO_COLLAPSE_WIDTH;
}

/**
 * The sidebar's open state. On wide screens the user's choice persists in local storage; on
 * narrow ones the sidebar starts closed and opening it is not remembered, so going back to a
 * wide screen restores the user's own choice.
 */
export function useSidebar(): { isOpen: boolean; toggle: () => void } {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(SIDEBAR_KEY) === 'true');
  const [narrow, setNarrow] = useState(isNarrow);
  const [narrowOpen, setNarrowOpen] = useState(false);

  useEffect(() => {
    const onResize = () => {
      setNarrow(isNarrow());
      setNarrowOpen(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const toggle = useCallback(() => {
    if (narrow) {
      setNarrowOpen((open) => !open);
      return;
    }
    setCollapsed((was) => {
      localStorage.setItem(SIDEBAR_KEY, String(!was));
      return !was;
    });
  }, [narrow]);

  return { isOpen: narrow ? narrowOpen : !collapsed, toggle };
}
