import { describe, expect, it } from 'vitest';
import { borderOf, buildRelationshipGraph, type GraphNode } from './graphModel';
import { CURRENT_ID, deploymentWithPods, related } from './testData';

const ids = (nodes: readonly GraphNode[]) => nodes.map((n) => n.id);
const links = (graph: ReturnType<typeof buildRelationshipGraph>) =>
  graph.edges.map((e) => `${e.source}->${e.target}`);
const POD_GROUP = 'group:out:rs-1:Kubernetes::Pod';

describe('buildRelationshipGraph', () => {
  it('links configs through related_ids, without a group for two of a type', () => {
    const graph = buildRelationshipGraph(deploymentWithPods(2), CURRENT_ID);
    expect(ids(graph.nodes)).toEqual([CURRENT_ID, 'rs-1', 'pod-000', 'pod-001']);
    expect(links(graph)).toEqual([`${CURRENT_ID}->rs-1`, 'rs-1->pod-000', 'rs-1->pod-001']);
    expect(graph.nodes.find((n) => n.id === CURRENT_ID)).toMatchObject({ current: true });
  });

  it('puts a group between a config and 3 children of one type, expanded by itself', () => {
    const graph = buildRelationshipGraph(deploymentWithPods(3), CURRENT_ID);
    const group = graph.nodes.find((n) => n.kind === 'group');
    expect(group).toMatchObject({
      id: POD_GROUP,
      type: 'Kubernetes::Pod',
      members: ['pod-000', 'pod-001', 'pod-002'],
      expanded: true,
    });
    expect(links(graph)).toEqual([
      `${CURRENT_ID}->rs-1`,
      `rs-1->${POD_GROUP}`,
      `${POD_GROUP}->pod-000`,
      `${POD_GROUP}->pod-001`,
      `${POD_GROUP}->pod-002`,
    ]);
  });

  it('keeps a group of more than 3 collapsed until it is clicked open', () => {
    const collapsed = buildRelationshipGraph(deploymentWithPods(4), CURRENT_ID);
    expect(ids(collapsed.nodes)).toEqual([CURRENT_ID, 'rs-1', POD_GROUP]);
    expect(collapsed.nodes[2]).toMatchObject({ expanded: false, members: expect.any(Array) });
    expect(links(collapsed)).toEqual([`${CURRENT_ID}->rs-1`, `rs-1->${POD_GROUP}`]);

    const opened = buildRelationshipGraph(
      deploymentWithPods(4),
      CURRENT_ID,
      new Map([[POD_GROUP, true]]),
    );
    expect(opened.nodes.filter((n) => n.id.startsWith('pod-'))).toHaveLength(4);

    // A small group the user closed stays closed.
    const closed = buildRelationshipGraph(
      deploymentWithPods(3),
      CURRENT_ID,
      new Map([[POD_GROUP, false]]),
    );
    expect(closed.nodes.filter((n) => n.id.startsWith('pod-'))).toHaveLength(0);
  });

  it('hides what only a collapsed group leads to, not what is linked another way', () => {
    const configs = deploymentWithPods(5);
    configs.push(related('volume-1', { type: 'Kubernetes::PersistentVolume' }));
    configs.push(related('secret-1', { type: 'Kubernetes::Secret' }));
    (configs[2] as { related_ids: string[] }).related_ids = ['volume-1', 'secret-1'];
    // The secret is also the deployment's own.
    (configs[0] as { related_ids: string[] }).related_ids = ['rs-1', 'secret-1'];
    const graph = buildRelationshipGraph(configs, CURRENT_ID);
    expect(ids(graph.nodes)).toContain('secret-1');
    expect(ids(graph.nodes)).not.toContain('volume-1');
    expect(ids(graph.nodes)).not.toContain('pod-000');
  });

  it('groups 3 or more parents of one type pointing at the same config', () => {
    const configs = [
      related(CURRENT_ID, { name: 'config-map', type: 'Kubernetes::ConfigMap', depth: 0 }),
      ...['a', 'b', 'c', 'd'].map((x) =>
        related(`svc-${x}`, { type: 'Kubernetes::Service', related_ids: [CURRENT_ID] }),
      ),
    ];
    const graph = buildRelationshipGraph(configs, CURRENT_ID);
    const group = `group:in:${CURRENT_ID}:Kubernetes::Service`;
    expect(ids(graph.nodes)).toEqual([CURRENT_ID, group]);
    expect(links(graph)).toEqual([`${group}->${CURRENT_ID}`]);
    const opened = buildRelationshipGraph(configs, CURRENT_ID, new Map([[group, true]]));
    expect(links(opened)).toContain(`svc-a->${group}`);
  });

  it('never puts the current config in a group, so its parent stays linked to it', () => {
    const configs = [
      related('rs-1', {
        type: 'Kubernetes::ReplicaSet',
        related_ids: [CURRENT_ID, 'pod-a', 'pod-b', 'pod-c'],
      }),
      related(CURRENT_ID, { name: 'pod-self', depth: 0 }),
      ...['pod-a', 'pod-b', 'pod-c'].map((id) => related(id)),
    ];
    const graph = buildRelationshipGraph(configs, CURRENT_ID);
    expect(links(graph)).toContain(`rs-1->${CURRENT_ID}`);
    expect(graph.nodes.find((n) => n.kind === 'group')).toMatchObject({
      members: ['pod-a', 'pod-b', 'pod-c'],
    });
  });

  it('shows as many nodes for 500 pods as for 50: the group stays collapsed', () => {
    const small = buildRelationshipGraph(deploymentWithPods(50), CURRENT_ID);
    const large = buildRelationshipGraph(deploymentWithPods(500), CURRENT_ID);
    expect(large.nodes).toHaveLength(3);
    expect(small.nodes).toHaveLength(3);
    expect((large.nodes[2] as { members: string[] }).members).toHaveLength(500);
  });

  it('sorts deleted configs after live ones and flags them', () => {
    const configs = [
      related(CURRENT_ID, { name: 'm', related_ids: ['a', 'z'], depth: 0 }),
      related('a', { name: 'a', type: 'Kubernetes::Node', deleted_at: '2026-11-01T00:00:00Z' }),
      related('z', { name: 'z', type: 'Kubernetes::Node' }),
    ];
    const graph = buildRelationshipGraph(configs, CURRENT_ID);
    expect(ids(graph.nodes)).toEqual([CURRENT_ID, 'z', 'a']);
    expect(graph.nodes[2]).toMatchObject({ deleted: true });
  });

  it('borders unhealthy configs red and warning ones orange, and groups by their worst', () => {
    expect(borderOf({ health: 'unhealthy', status: null })).toBe('red');
    expect(borderOf({ health: 'Warning', status: null })).toBe('orange');
    expect(borderOf({ health: 'healthy', status: 'Running' })).toBeUndefined();
    expect(borderOf({ health: null, status: 'unhealthy' })).toBe('red');
    const configs = deploymentWithPods(4);
    (configs[3] as { health: string }).health = 'warning';
    const graph = buildRelationshipGraph(configs, CURRENT_ID);
    expect(graph.nodes.find((n) => n.kind === 'group')).toMatchObject({ border: 'orange' });
    (configs[4] as { health: string }).health = 'unhealthy';
    const worse = buildRelationshipGraph(configs, CURRENT_ID);
    expect(worse.nodes.find((n) => n.kind === 'group')).toMatchObject({ border: 'red' });
  });
});
