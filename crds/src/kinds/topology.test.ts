import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

const topology = (spec: Record<string, unknown>) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Topology',
  metadata: { name: 'cluster', namespace: 'default' },
  spec,
});

describe('Topology', () => {
  it('accepts an upstream topology with lookups, forEach, properties and selectors', () => {
    const result = validate(
      'Topology',
      topology({
        type: 'KubernetesCluster',
        icon: 'kubernetes',
        schedule: '@every 5m',
        id: { javascript: 'properties.id' },
        groupBy: { tag: 'cluster' },
        properties: [
          {
            name: 'version',
            lookup: {
              exec: [
                {
                  name: 'v',
                  script: 'kubectl version -o json',
                  display: { expr: 'results.stdout' },
                },
              ],
            },
          },
          {
            name: 'nodes',
            configLookup: {
              config: { type: 'Kubernetes::Node', tags: { cluster: 'prod' } },
              field: '$.status.capacity.cpu',
              display: { javascript: 'value' },
            },
          },
        ],
        components: [
          {
            name: 'nodes',
            icon: 'server',
            owner: 'platform',
            type: 'KubernetesNodes',
            labels: { tier: 'infra' },
            selectors: [{ labelSelector: 'type=KubernetesNode' }],
            configs: [{ type: 'Kubernetes::Cluster', name: 'prod' }],
            checks: [
              { selector: { labelSelector: 'check=nodes' } },
              { inline: { http: [{ name: 'api', url: 'https://k8s' }] } },
            ],
            components: [
              {
                name: 'node-1',
                type: 'KubernetesNode',
                properties: [
                  { name: 'cpu', value: 4, unit: 'millicores', max: 8000, headline: true },
                ],
              },
            ],
            lookup: {
              kubernetes: [
                {
                  name: 'nodes',
                  kind: 'Node',
                  display: {
                    javascript: 'JSON.stringify(results.map(n => ({name: n.metadata.name})))',
                  },
                },
              ],
            },
            forEach: {
              properties: [{ name: 'status', text: '$(.component.name)' }],
              relationships: [{ type: 'depends-on', ref: 'storage' }],
              components: [
                { name: 'pods', selectors: [{ fieldSelector: 'node=$(.component.name)' }] },
              ],
            },
            summary: { healthy: 1, incidents: { blocker: { open: 1 } }, checks: { healthy: 3 } },
            logs: [{ name: 'loki', type: 'loki', labels: { app: 'nodes' } }],
            parentLookup: { name: 'cluster', type: 'KubernetesCluster' },
            healthExpr: 'summary.unhealthy == 0',
          },
        ],
        push: {
          url: 'https://central.example.com/topology',
          bearer: { valueFrom: { secretKeyRef: { name: 'push', key: 'token' } } },
        },
      }),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.causes, null, 2));
    expect(result.warnings).toEqual([]);
  });

  it('defaults the schedule to every 10 minutes', () => {
    const result = validate('Topology', topology({ components: [{ name: 'a' }] }));
    expect(result.ok && result.value.spec.schedule).toBe('@every 10m');
  });

  it('validates lookups as Canary specs and nested components with the same schema', () => {
    const result = validate(
      'Topology',
      topology({
        components: [
          {
            name: 'a',
            lookup: { dns: [{ name: 'd', querytype: 'AAAA' }] },
            components: [{ name: 'b', order: 'first' }],
          },
        ],
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.causes.map((c) => [c.field, c.reason])).toEqual([
      ['spec.components[0].lookup.dns[0].querytype', 'FieldValueNotSupported'],
      ['spec.components[0].components[0].order', 'FieldValueTypeInvalid'],
    ]);
  });

  it('treats lookups like Canary specs: nulls pruned, unknown fields reported', () => {
    const result = validate(
      'Topology',
      topology({
        components: [
          {
            name: 'a',
            lookup: { http: [{ name: 'h', url: 'https://a', labels: null, timeout: 5 }] },
          },
        ],
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      warnings: ['unknown field "spec.components[0].lookup.http[0].timeout"'],
    });
  });
});
