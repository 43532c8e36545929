/**
 * Benchmark: drawing the Relationships graph for 500 related configs against 50, in the same
 * run. Target (issue: config detail): 500 within 1.5x the time of 50. Typical data - pods under
 * ReplicaSets, a few of each other kind - groups into collapsed nodes, so the nodes drawn stay
 * few; the model is linear and the layout is memoised by shape, so a redraw costs no layout.
 * Run: npx vitest bench --run --project console RelationshipGraph
 */
import { cleanup, render } from '@testing-library/react';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import type { RelatedConfig } from './api';
import { RelationshipGraph } from './RelationshipGraph';
import { CURRENT_ID, giveElementsASize, related } from './testData';

/** A deployment's namespace, its ReplicaSets and their pods, services, config maps. */
function estate(total: number): RelatedConfig[] {
  const replicaSets = 4;
  const others = ['Kubernetes::Service', 'Kubernetes::ConfigMap', 'Kubernetes::Secret'];
  const configs: RelatedConfig[] = [
    related('ns', { type: 'Kubernetes::Namespace', related_ids: [CURRENT_ID] }),
  ];
  const rsIds = Array.from({ length: replicaSets }, (_, i) => `rs-${i}`);
  const extra = others.flatMap((type, t) =>
    Array.from({ length: 4 }, (_, i) => related(`${type}-${i}`, { type, name: `o${t}-${i}` })),
  );
  const pods = Math.max(0, total - 1 - replicaSets - extra.length);
  const podIds = Array.from({ length: pods }, (_, i) => `pod-${i}`);
  configs.push(
    related(CURRENT_ID, {
      type: 'Kubernetes::Deployment',
      related_ids: [...rsIds, ...extra.map((c) => c.id)],
      depth: 0,
    }),
    ...rsIds.map((id, r) =>
      related(id, {
        type: 'Kubernetes::ReplicaSet',
        related_ids: podIds.filter((_, p) => p % replicaSets === r),
      }),
    ),
    ...extra,
    ...podIds.map((id, p) => related(id, { health: p % 7 === 0 ? 'unhealthy' : 'healthy' })),
  );
  return configs;
}

const SMALL = estate(50);
const LARGE = estate(500);
let undo: () => void;
beforeAll(() => {
  undo = giveElementsASize();
});
afterAll(() => undo());

function draw(configs: RelatedConfig[]) {
  render(
    <RelationshipGraph
      configs={configs}
      currentId={CURRENT_ID}
      options={{ direction: 'LR', edges: 'curved' }}
      onOpenConfig={() => undefined}
    />,
  );
  cleanup();
}

describe('Relationships graph: 500 related configs vs 50', () => {
  bench('50 related configs', () => draw(SMALL), { iterations: 50, warmupIterations: 5 });
  bench('500 related configs', () => draw(LARGE), { iterations: 50, warmupIterations: 5 });
});
