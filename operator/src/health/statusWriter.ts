import { kindByName, type KindDescriptor } from '@vigil/crds';
import type { Logger } from 'pino';
import type { ResourceSource } from '../controllers/source.js';
import { statusWriter } from '../controllers/statusWriter.js';

/** A Canary's run-derived status fields (status, message, uptime, latency, checks). */
export function canaryStatusWriter(source: ResourceSource, log: Logger) {
  return statusWriter(kindByName('Canary') as KindDescriptor, source, log);
}
