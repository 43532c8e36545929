import { describe, expect, it } from 'vitest';
import type { KubeObject } from './kubernetesClient.js';
import { eventSeverity, healthOf } from './kubernetesItems.js';
import { glob } from './kubernetesOptions.js';

const noKeywords = { warn: [], error: [] };

describe('kubernetes item health', () => {
  const pod = (status: Record<string, unknown>): KubeObject => ({ kind: 'Pod', status });
  const deployment = (want: number, ready: number): KubeObject => ({
    kind: 'Deployment',
    metadata: { generation: 1 },
    spec: { replicas: want },
    status: {
      observedGeneration: 1,
      replicas: want,
      readyReplicas: ready,
      availableReplicas: ready,
      updatedReplicas: want,
    },
  });

  it('judges Pods by phase, readiness and waiting containers', () => {
    expect(healthOf(pod({ phase: 'Succeeded' }))).toEqual({
      health: 'healthy',
      status: 'Completed',
      ready: true,
    });
    expect(
      healthOf(
        pod({
          phase: 'Running',
          containerStatuses: [{ name: 'app', state: { waiting: { reason: 'CrashLoopBackOff' } } }],
        }),
      ),
    ).toMatchObject({ health: 'unhealthy', status: 'CrashLoopBackOff' });
    expect(healthOf(pod({ phase: 'Pending' }))).toMatchObject({ health: 'unknown' });
  });

  it('judges Deployments by available against wanted replicas', () => {
    expect(healthOf(deployment(2, 2))).toMatchObject({ health: 'healthy', status: 'Running' });
    expect(healthOf(deployment(2, 1))).toMatchObject({ health: 'warning', status: 'Degraded' });
    expect(healthOf(deployment(1, 0))).toMatchObject({ health: 'unhealthy', ready: false });
    expect(healthOf(deployment(0, 0))).toMatchObject({ status: 'Scaled to Zero' });
  });

  it('judges Namespaces by phase and Nodes by Ready, pressure and cordons', () => {
    expect(healthOf({ kind: 'Namespace', status: { phase: 'Active' } })).toMatchObject({
      health: 'healthy',
    });
    expect(healthOf({ kind: 'Namespace', status: { phase: 'Terminating' } })).toMatchObject({
      health: 'unknown',
      status: 'Terminating',
    });
    const node = (conditions: unknown[]): KubeObject => ({ kind: 'Node', status: { conditions } });
    expect(healthOf(node([{ type: 'Ready', status: 'False' }]))).toMatchObject({
      health: 'unhealthy',
    });
    expect(
      healthOf(
        node([
          { type: 'Ready', status: 'True' },
          { type: 'DiskPressure', status: 'True' },
        ]),
      ),
    ).toMatchObject({ health: 'warning', status: 'DiskPressure' });
  });

  it('calls Services and ConfigMaps healthy without a status', () => {
    expect(healthOf({ kind: 'ConfigMap', data: {} })).toEqual({
      health: 'healthy',
      status: undefined,
      ready: true,
    });
  });
});

describe('kubernetes event severity', () => {
  const event = (type: string, reason: string, message = ''): KubeObject => ({
    kind: 'Event',
    type,
    reason,
    message,
  });

  it('is medium for Warning events and info otherwise, high for error keywords', () => {
    expect(eventSeverity(event('Warning', 'FailedMount'), noKeywords)).toBe('medium');
    expect(eventSeverity(event('Normal', 'Pulled'), noKeywords)).toBe('info');
    const keywords = { warn: [glob('Pull*')], error: [/oomkill/i] };
    expect(eventSeverity(event('Normal', 'Pulled'), keywords)).toBe('medium');
    expect(eventSeverity(event('Warning', 'Killing', 'container was OOMKilled'), keywords)).toBe(
      'high',
    );
  });
});
