import type { KindDescriptor } from '@vigil/crds';
import type { Logger } from 'pino';
import type { ResourceSource } from './source.js';

/**
 * Merges fields an engine computes (a canary's run results, a scraper's last run) into a
 * resource's status through the controllers' source (the embedded store or the cluster's
 * /status), keeping what the reconciler wrote (conditions, observedGeneration). A conflicting
 * write (the reconciler got there first) is retried on the fresh object.
 */
export function statusWriter(kind: KindDescriptor, source: ResourceSource, log: Logger) {
  return async (namespace: string, name: string, fields: Record<string, unknown>) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const obj = await source.get(kind, namespace, name);
      if (!obj) return;
      const status = { ...((obj.status as Record<string, unknown> | undefined) ?? {}), ...fields };
      try {
        await source.writeStatus(kind, obj, status);
        return;
      } catch (error) {
        if (attempt === 2) throw error;
        log.debug(
          { err: error, resource: `${kind.kind} ${namespace}/${name}` },
          'status conflict; retrying',
        );
      }
    }
  };
}
