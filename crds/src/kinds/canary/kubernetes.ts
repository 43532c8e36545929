/** kubernetes, junit and catalog checks (kubernetesResource nests a CanarySpec: see spec.ts). */
import { z } from 'zod';
import { artifacts, kubernetesConnectionFields } from '../shared/connections.js';
import { freeForm } from '../shared/markers.js';
import { bool, resourceSelector, str, strings } from '../shared/values.js';
import { check } from './common.js';

const selector = z.object({
  name: str(),
  labelSelector: str(),
  fieldSelector: str(),
  search: str(),
});

export const kubernetesCheck = check({
  ...kubernetesConnectionFields,
  kind: z.string(),
  apiVersion: str(),
  namespaceSelector: selector
    .optional()
    .describe("Defaults to the canary's namespace; a wildcard selects all namespaces."),
  resource: selector.optional(),
  ignore: strings().describe('Name globs to skip.'),
  healthy: bool().describe('Fail resources that are not healthy.'),
  ready: bool().describe('Fail resources that are not ready.'),
});

export const junitCheck = check({
  testResults: z.string().describe('Directory the pod writes JUnit XML files to.'),
  // Upstream requires a pod spec; Vigil also reads reports already in testResults on its own
  // machine (CI artefacts, a mounted volume), so the spec is optional here.
  spec: freeForm(
    'Pod spec of the test runner. Without it Vigil reads the JUnit XML files already in testResults.',
  ).optional(),
  timeout: z.int().min(0).default(5).describe('Minutes.'),
  artifacts: artifacts(),
});

export const catalogCheck = check({
  selector: z.array(resourceSelector).describe('Config items to query.'),
});
