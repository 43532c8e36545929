import { kindByName, type KindDescriptor } from '@vigil/crds';
import type { Logger } from 'pino';
import type { ResourceSource } from '../controllers/source.js';

const CANARY = kindByName('Canary') as KindDescriptor;

/**
 * Merges the run-derived fields into a Canary's status through the controllers' source (the
 * embedded store or the cluster's /status), keeping what the reconciler wrote (conditions,
 * observedGeneration, checks). A conflicting write (the reconciler got there first) is retried
 * on the fresh object.
 */
export function canaryStatusWriter(source: ResourceSource, log: Logger) {
  return async (namespace: string, name: string, fields: Record<string, unknown>) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const obj = await source.get(CANARY, namespace, name);
      if (!obj) return;
      const status = { ...((obj.status as Record<string, unknown> | undefined) ?? {}), ...fields };
      try {
        await source.writeStatus(CANARY, obj, status);
        return;
      } catch (error) {
        if (attempt === 2) throw error;
        log.debug(
          { err: error, canary: `${namespace}/${name}` },
          'canary status conflict; retrying',
        );
      }
    }
  };
}
