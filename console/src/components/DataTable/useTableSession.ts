import { useCallback, useState } from 'react';

export const tableSessionKey = (tableId: string, part: 'expanded' | 'scroll') =>
  `vigil.dataTable.${tableId}.${part}`;

// sessionStorage can be missing or full (privacy modes); remembering is best-effort.
function read(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered this time.
  }
}

/** Expanded group keys, remembered for the browser session per table. */
export function useExpandedGroups(tableId: string) {
  const key = tableSessionKey(tableId, 'expanded');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => {
    const stored = read(key);
    return new Set(Array.isArray(stored) ? stored.filter((k) => typeof k === 'string') : []);
  });
  const toggle = useCallback(
    (group: string) => {
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(group)) next.delete(group);
        else next.add(group);
        write(key, [...next]);
        return next;
      });
    },
    [key],
  );
  return { expanded, toggle };
}

export function readScrollTop(tableId: string): number {
  const stored = read(tableSessionKey(tableId, 'scroll'));
  return typeof stored === 'number' && stored > 0 ? stored : 0;
}

export function writeScrollTop(tableId: string, scrollTop: number): void {
  write(tableSessionKey(tableId, 'scroll'), Math.round(scrollTop));
}
