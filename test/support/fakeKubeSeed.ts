import type { FakeKubeApi, FakeObject } from './fakeKubeApi.js';

/**
 * A small, realistic workload in one namespace: Deployment → ReplicaSet → Pod linked by
 * ownerReferences (with controller uids), a Service whose selector matches the Pod, a ConfigMap,
 * and two Events about the Pod (a Normal `Scheduled` and a Warning `BackOff`).
 */
export interface SeededWorkload {
  namespace: FakeObject;
  deployment: FakeObject;
  replicaSet: FakeObject;
  pod: FakeObject;
  service: FakeObject;
  configMap: FakeObject;
  events: { scheduled: FakeObject; backOff: FakeObject };
}

const owner = (o: FakeObject) => ({
  apiVersion: o.apiVersion as string,
  kind: o.kind as string,
  name: o.metadata.name,
  uid: o.metadata.uid as string,
  controller: true,
  blockOwnerDeletion: true,
});

export function seedWorkload(
  api: FakeKubeApi,
  opts: { namespace?: string; app?: string } = {},
): SeededWorkload {
  const ns = opts.namespace ?? 'shop';
  const app = opts.app ?? 'web';
  const hash = '7d4b9c6f5';
  const namespace = api.create({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: ns, labels: { 'kubernetes.io/metadata.name': ns, team: 'payments' } },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  });
  const selector = { app };
  const template = {
    metadata: { labels: { app } },
    spec: { containers: [{ name: app, image: `registry.local/${app}:1.0.0` }] },
  };
  const deployment = api.create({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: app,
      namespace: ns,
      labels: { app },
      annotations: {
        'deployment.kubernetes.io/revision': '1',
        'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"apps/v1"}\n',
      },
      managedFields: [{ manager: 'kubectl', operation: 'Apply', apiVersion: 'apps/v1' }],
    },
    spec: { replicas: 1, selector: { matchLabels: selector }, template },
    status: {
      observedGeneration: 1,
      replicas: 1,
      updatedReplicas: 1,
      readyReplicas: 1,
      availableReplicas: 1,
      conditions: [
        { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' },
        { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' },
      ],
    },
  });
  const replicaSet = api.create({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `${app}-${hash}`,
      namespace: ns,
      labels: { app, 'pod-template-hash': hash },
      ownerReferences: [owner(deployment)],
    },
    spec: {
      replicas: 1,
      selector: { matchLabels: { ...selector, 'pod-template-hash': hash } },
      template,
    },
    status: { observedGeneration: 1, replicas: 1, readyReplicas: 1, availableReplicas: 1 },
  });
  const pod = api.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${app}-${hash}-x2x4q`,
      namespace: ns,
      labels: { app, 'pod-template-hash': hash },
      ownerReferences: [owner(replicaSet)],
    },
    spec: { ...template.spec, nodeName: 'node-1' },
    status: {
      phase: 'Running',
      podIP: '10.0.0.12',
      conditions: [
        { type: 'PodScheduled', status: 'True' },
        { type: 'Ready', status: 'True' },
        { type: 'ContainersReady', status: 'True' },
      ],
      containerStatuses: [
        { name: app, ready: true, restartCount: 0, state: { running: { startedAt: '' } } },
      ],
    },
  });
  const service = api.create({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: app, namespace: ns, labels: { app } },
    spec: { selector, ports: [{ port: 80, targetPort: 8080 }], type: 'ClusterIP' },
  });
  const configMap = api.create({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: `${app}-config`, namespace: ns, labels: { app } },
    data: { LOG_LEVEL: 'info' },
  });
  const event = (reason: string, type: string, message: string, component: string) => {
    const at = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    return api.create({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${pod.metadata.name}.${reason.toLowerCase()}`, namespace: ns },
      involvedObject: {
        apiVersion: 'v1',
        kind: 'Pod',
        name: pod.metadata.name,
        namespace: ns,
        uid: pod.metadata.uid,
      },
      reason,
      type,
      message,
      source: { component },
      reportingComponent: component,
      count: 1,
      firstTimestamp: at,
      lastTimestamp: at,
    });
  };
  const events = {
    scheduled: event(
      'Scheduled',
      'Normal',
      `Successfully assigned ${ns}/${pod.metadata.name} to node-1`,
      'default-scheduler',
    ),
    backOff: event('BackOff', 'Warning', 'Back-off restarting failed container', 'kubelet'),
  };
  return { namespace, deployment, replicaSet, pod, service, configMap, events };
}
