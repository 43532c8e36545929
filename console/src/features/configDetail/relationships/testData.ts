import type { RelatedConfig } from './api';

export const CURRENT_ID = '0190b0b0-0000-7000-8000-0000000000c1';

/** A related config row; related_ids are the configs it links to. */
export function related(id: string, overrides: Partial<RelatedConfig> = {}): RelatedConfig {
  return {
    id,
    name: id,
    type: 'Kubernetes::Pod',
    related_ids: null,
    tags: { namespace: 'prod' },
    changes: 0,
    health: 'healthy',
    status: 'Running',
    deleted_at: null,
    updated_at: '2026-11-24T10:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
    depth: 1,
    ...overrides,
  };
}

/** The current deployment owning a ReplicaSet with `pods` pods. */
export function deploymentWithPods(pods: number): RelatedConfig[] {
  const podIds = Array.from({ length: pods }, (_, i) => `pod-${String(i).padStart(3, '0')}`);
  return [
    related(CURRENT_ID, {
      name: 'payments-api',
      type: 'Kubernetes::Deployment',
      related_ids: ['rs-1'],
      depth: 0,
    }),
    related('rs-1', {
      name: 'payments-api-6c9f',
      type: 'Kubernetes::ReplicaSet',
      related_ids: podIds,
    }),
    ...podIds.map((id) => related(id, { depth: 2 })),
  ];
}

/**
 * jsdom lays nothing out, and topology draws only the nodes inside its surface: give every
 * element a size while a graph test runs. Returns the undo. (Press nodes with fireEvent.click:
 * user-event's mousedown reaches d3-zoom, which needs a real layout.)
 */
export function giveElementsASize(width = 1200, height = 800): () => void {
  const proto = HTMLElement.prototype;
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => height });
  return () => {
    delete (proto as { clientWidth?: number }).clientWidth;
    delete (proto as { clientHeight?: number }).clientHeight;
  };
}
