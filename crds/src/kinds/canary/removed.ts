/** Check keys that still parse upstream but fail every run (crds.md §1.11), and the webhook. */
import { z } from 'zod';
import { freeForm } from '../shared/markers.js';
import { optEnvVar } from '../shared/values.js';
import { check } from './common.js';

export const REMOVED_CHECK_TYPES = [
  'pod',
  'namespace',
  'github',
  'gitProtocol',
  'docker',
  'dockerPush',
  'containerd',
  'containerdPush',
  'helm',
] as const;

const removed = z
  .array(freeForm('Removed check type: each result fails; use kubernetesResource or exec.'))
  .optional();

export const removedChecks = Object.fromEntries(REMOVED_CHECK_TYPES.map((t) => [t, removed])) as {
  [K in (typeof REMOVED_CHECK_TYPES)[number]]: typeof removed;
};

/** Passive: results are pushed to it over HTTP. */
export const webhookCheck = check({
  token: optEnvVar().describe('Token callers must present.'),
});
