import type { KindDescriptor } from '@vigil/crds';
import type { Request, Response } from 'express';
import type pg from 'pg';
import type { K8sObject } from './objects.js';
import { matchesFields, matchesLabels } from './selectors.js';
import { expired } from './status.js';
import * as store from './store.js';
import { toTable, wantsTable, type PrinterColumn } from './table.js';
import type { WatchEvent, WatchHub } from './watch.js';

const DEFAULT_TIMEOUT_S = 1800;

// Every watcher of a kind receives the same event objects: serialise each once, not per watcher.
const serialised = { json: new WeakMap<object, string>(), table: new WeakMap<object, string>() };
const BOOKMARK_MS = 15_000;

/**
 * A watch stream: newline-delimited events. Without a resourceVersion (or "0") it starts with
 * ADDED for every current object; with one it replays what changed since; a version older than
 * the event log answers 410 Expired so the client relists.
 */
export async function serveWatch(
  req: Request,
  res: Response,
  opts: {
    pool: pg.Pool;
    hub: WatchHub;
    k: KindDescriptor;
    namespace?: string;
    columns: PrinterColumn[];
    /** Objects the watcher may see (object-scoped Permissions); the rest are not sent. */
    visible?: (o: K8sObject) => boolean;
  },
): Promise<void> {
  const { pool, hub, k, namespace } = opts;
  const labelSelector =
    typeof req.query.labelSelector === 'string' ? req.query.labelSelector : undefined;
  const fieldSelector =
    typeof req.query.fieldSelector === 'string' ? req.query.fieldSelector : undefined;
  const table = wantsTable(req.headers.accept);
  const bookmarks = req.query.allowWatchBookmarks === 'true';
  const timeout = Math.min(
    Number(req.query.timeoutSeconds ?? DEFAULT_TIMEOUT_S) || DEFAULT_TIMEOUT_S,
    4 * 3600,
  );
  let from = typeof req.query.resourceVersion === 'string' ? req.query.resourceVersion : '';

  await hub.start();
  res.status(200).setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-cache');
  // Headers go out now: informers wait for them before they consider the watch started.
  res.flushHeaders();

  const write = (type: string, object: unknown) =>
    res.write(`${JSON.stringify({ type, object })}\n`);
  const matches = (o: K8sObject) =>
    (opts.visible?.(o) ?? true) &&
    (!namespace || o.metadata.namespace === namespace) &&
    matchesLabels(labelSelector, o.metadata.labels) &&
    matchesFields(fieldSelector, o.metadata);
  const emit = (type: string, o: K8sObject) => {
    const cache = table ? serialised.table : serialised.json;
    let line = cache.get(o);
    if (line === undefined) {
      const object = table
        ? toTable([o], opts.columns, o.metadata.resourceVersion ?? '', false)
        : o;
      line = `${JSON.stringify({ type, object })}\n`;
      cache.set(o, line);
    }
    res.write(line);
  };

  let sent = BigInt(0);
  const buffered: WatchEvent[] = [];
  let live = false;
  const deliver = (events: WatchEvent[]) => {
    for (const e of events) {
      if (BigInt(e.resourceVersion) <= sent) continue;
      sent = BigInt(e.resourceVersion);
      if (matches(e.object)) emit(e.type, e.object);
    }
  };
  const unsubscribe = hub.subscribe(
    k,
    from && from !== '0' ? from : await store.currentVersion(pool),
    (events) => {
      if (live) deliver(events);
      else buffered.push(...events);
    },
  );
  const timers: NodeJS.Timeout[] = [];
  let untrack: () => void = () => undefined;
  const end = () => {
    unsubscribe();
    untrack();
    timers.forEach(clearTimeout);
    res.end();
  };
  untrack = hub.track(end);
  req.on('close', end);

  try {
    if (!from || from === '0') {
      const current = await store.list(pool, k, {
        ...(namespace ? { namespace } : {}),
        ...(labelSelector ? { labelSelector } : {}),
        ...(fieldSelector ? { fieldSelector } : {}),
      });
      for (const o of current.items) if (opts.visible?.(o) ?? true) emit('ADDED', o);
      from = current.resourceVersion;
      sent = BigInt(from);
    } else {
      const oldest = await store.oldestVersion(pool);
      if (oldest && BigInt(from) < BigInt(oldest) - BigInt(1)) {
        write('ERROR', expired(from, oldest).body());
        end();
        return;
      }
      sent = BigInt(from);
      deliver(
        (await store.eventsSince(pool, k, from, namespace)).map((r) => ({
          type: r.type,
          object: r.object,
          resourceVersion: r.resource_version,
        })),
      );
    }
    live = true;
    deliver(buffered.splice(0));
  } catch (error) {
    end();
    throw error;
  }
  if (bookmarks) {
    const tick = () => {
      write('BOOKMARK', {
        kind: k.kind,
        apiVersion: `${k.group}/${k.version}`,
        metadata: { resourceVersion: String(sent) },
      });
      timers.push(setTimeout(tick, BOOKMARK_MS));
    };
    timers.push(setTimeout(tick, BOOKMARK_MS));
  }
  timers.push(setTimeout(end, timeout * 1000));
}
