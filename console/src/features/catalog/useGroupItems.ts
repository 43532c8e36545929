import { useCallback, useEffect, useRef, useState } from 'react';
import type { SortState } from '../../lib/tableRows';
import { fetchConfigPage } from './catalogApi';
import type { ItemsState } from './displayRows';
import type { Condition } from '../../lib/queryFilters';

/** How many items a group loads at a time (GET /api/db/configs, limit/offset). */
export const ITEMS_PAGE_SIZE = 200;

export interface ItemsSource {
  id: string;
  /** The group's own conditions; the list's filters are added to them. */
  conditions: Condition[];
}

interface Store {
  key: string;
  groups: Record<string, ItemsState>;
}

const NONE: Record<string, ItemsState> = {};

/**
 * The items of every open group, loaded page by page. Changing the filters or the sort starts
 * over (the key); `reload` fetches the open groups again, `loadMore` a group's next page.
 */
export function useGroupItems(filters: Condition[], sort: SortState, open: readonly ItemsSource[]) {
  const [epoch, setEpoch] = useState(0);
  const key = `${JSON.stringify([filters, sort])}#${epoch}`;
  const [store, setStore] = useState<Store>({ key, groups: NONE });
  const groups = store.key === key ? store.groups : NONE;
  const inflight = useRef(new Set<string>());
  const latest = useRef({ key, filters, sort });
  useEffect(() => {
    latest.current = { key, filters, sort };
  }, [key, filters, sort]);

  const load = useCallback((source: ItemsSource, offset: number) => {
    const { key: at, filters: base, sort: order } = latest.current;
    const token = `${at}|${source.id}|${offset}`;
    if (inflight.current.has(token)) return;
    inflight.current.add(token);
    const write = (change: (previous: ItemsState | undefined) => ItemsState) =>
      setStore((s) => {
        // An answer for filters that are no longer shown is dropped.
        if (s.key !== at && offset > 0) return s;
        const current = s.key === at ? s.groups : NONE;
        return { key: at, groups: { ...current, [source.id]: change(current[source.id]) } };
      });
    write((p) => ({ rows: p?.rows ?? [], total: p?.total ?? 0, loading: true }));
    fetchConfigPage([...base, ...source.conditions], order, offset, ITEMS_PAGE_SIZE)
      .then(
        (page) => {
          if (latest.current.key !== at) return;
          write((p) => ({
            rows: offset === 0 ? page.rows : [...(p?.rows ?? []), ...page.rows],
            total: page.total,
            loading: false,
          }));
        },
        (error: unknown) => {
          if (latest.current.key !== at) return;
          write((p) => ({
            rows: p?.rows ?? [],
            total: p?.total ?? 0,
            loading: false,
            error: error instanceof Error ? error.message : String(error),
          }));
        },
      )
      .finally(() => inflight.current.delete(token));
  }, []);

  useEffect(() => {
    if (latest.current.key !== key) return;
    for (const source of open) if (!groups[source.id]) load(source, 0);
  }, [open, groups, key, load]);

  const loadMore = useCallback(
    (id: string) => {
      const state = groups[id];
      const source = open.find((s) => s.id === id);
      if (!state || !source || state.loading || state.rows.length >= state.total) return;
      load(source, state.rows.length);
    },
    [groups, open, load],
  );
  const reload = useCallback(() => setEpoch((e) => e + 1), []);
  return { groups, loadMore, reload };
}
