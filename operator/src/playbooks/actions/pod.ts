import crypto from 'node:crypto';
import type { ActionContext, ActionResult, ActionRunner } from '../types.js';
import {
  ActionError,
  completed,
  errorText,
  failed,
  guarded,
  isObject,
  setFields,
  stoppedText,
  tail,
} from './common.js';
import { kubePodApi, type Pod, type PodApi } from './podApi.js';

/**
 * The `pod` action (crds.md §4.4): in cluster mode (vigil serve --kubernetes) makes a Pod from
 * `spec` in the playbook's namespace, named after `name` with a random suffix (runs never
 * collide), waits within the engine's signal until it has finished, keeps its first container's
 * log (up to `maxLength` bytes) and deletes it — also when the action is cancelled or fails.
 * result = {pod, phase, exitCode, logs}; a Failed pod fails with the end of its log. Embedded
 * Vigil has no cluster to run pods in, and says so. `artifacts` are not read from pods.
 */

export const EMBEDDED_REFUSAL =
  'pod actions need Vigil to run in a cluster (vigil serve --kubernetes)';
const DEFAULT_MAX_LOG = 64 * 1024;
const ERROR_LOG_CHARS = 2000;
/** A pod stuck on these will not start by waiting. */
const STUCK =
  /^(ErrImagePull|ImagePullBackOff|InvalidImageName|CreateContainerConfigError|CreateContainerError)$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** The Pod the action creates: checked here, so a bad spec fails before the cluster is asked. */
export function podManifest(spec: Record<string, unknown>, ctx: ActionContext): Pod {
  if (setFields(spec, ['artifacts']).length)
    throw new ActionError(
      'artifacts are not collected from pods yet: print what you need to the log (stdout)',
    );
  const name = typeof spec.name === 'string' ? spec.name.trim().toLowerCase() : '';
  if (!name || !DNS_LABEL.test(name) || name.length > 56)
    throw new ActionError(
      'name must be a lowercase DNS label of at most 56 characters (letters, digits, -): the pod is named after it',
    );
  const podSpec = spec.spec;
  if (!isObject(podSpec) || !Array.isArray(podSpec.containers) || !podSpec.containers.length)
    throw new ActionError('spec must be a Pod spec with at least one container');
  const restart = podSpec.restartPolicy ?? 'Never';
  if (restart !== 'Never' && restart !== 'OnFailure')
    throw new ActionError(
      `spec.restartPolicy ${String(restart)} never lets the pod finish: use Never or OnFailure`,
    );
  const suffix = crypto.randomBytes(3).toString('hex');
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${name}-${suffix}`,
      namespace: ctx.run.playbook.namespace || 'default',
      labels: {
        'app.kubernetes.io/managed-by': 'vigil',
        'playbooks.vigil.dev/run': ctx.run.id,
        'playbooks.vigil.dev/playbook': ctx.run.playbook.name.slice(0, 63),
      },
    },
    spec: { ...podSpec, restartPolicy: restart },
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** Why a pending pod will not start, if it is stuck. */
function stuck(pod: Pod): string | undefined {
  for (const c of pod.status?.containerStatuses ?? []) {
    const w = c.state?.waiting;
    if (w?.reason && STUCK.test(w.reason)) return `${w.reason}${w.message ? `: ${w.message}` : ''}`;
  }
  return undefined;
}

/** Creates the pod, waits for it to end, reads its log, deletes it. */
export async function runPod(
  api: PodApi,
  pod: Pod,
  opts: { signal: AbortSignal; pollMs: number; maxLength: number },
): Promise<ActionResult> {
  const ns = pod.metadata?.namespace as string;
  const name = pod.metadata?.name as string;
  const container = String((pod.spec?.containers as { name?: unknown }[])[0]?.name ?? '');
  try {
    await api.create(ns, pod);
  } catch (err) {
    return failed(`the pod could not be created in namespace ${ns}: ${errorText(err)}`);
  }
  try {
    let current: Pod;
    for (;;) {
      if (opts.signal.aborted) return failed(stoppedText(opts.signal), { pod: name });
      current = await api.read(ns, name);
      const phase = current.status?.phase;
      if (phase === 'Succeeded' || phase === 'Failed') break;
      const why = stuck(current);
      if (why) return failed(`the pod ${name} cannot start: ${why}`, { pod: name, phase });
      await sleep(opts.pollMs, opts.signal);
    }
    const phase = current.status?.phase;
    const terminated = current.status?.containerStatuses?.find((c) => c.name === container)?.state
      ?.terminated;
    // A pod that failed before its container ran has no log: say so rather than fail on it.
    const logs = await api
      .log(ns, name, container, opts.maxLength)
      .catch((err: unknown) => `[the log could not be read: ${errorText(err)}]`);
    const result = { pod: name, phase, exitCode: terminated?.exitCode ?? null, logs };
    if (phase === 'Succeeded') return completed(result);
    const reason = [
      terminated?.exitCode !== undefined ? `exit code ${terminated.exitCode}` : undefined,
      terminated?.reason ?? current.status?.reason,
    ]
      .filter(Boolean)
      .join(', ');
    const end = tail(logs, ERROR_LOG_CHARS);
    return failed(
      `the pod ${name} failed${reason ? ` (${reason})` : ''}${end ? `: ${end}` : ''}`,
      result,
    );
  } catch (err) {
    if (opts.signal.aborted) return failed(stoppedText(opts.signal), { pod: name });
    return failed(`the pod ${name}: ${errorText(err)}`, { pod: name });
  } finally {
    await api.delete(ns, name).catch(() => undefined);
  }
}

/** The pod action with its cluster access and polling chosen (tests use a loopback API). */
export function podActionWith(
  opts: { pollMs?: number; api?: (ctx: ActionContext) => PodApi } = {},
): ActionRunner {
  return (spec, ctx) =>
    guarded(async () => {
      if (ctx.mode === 'embedded') return failed(EMBEDDED_REFUSAL);
      const pod = podManifest(spec, ctx);
      let api: PodApi;
      if (opts.api) api = opts.api(ctx);
      else if (ctx.kubeconfig?.getCurrentCluster()) api = kubePodApi(ctx.kubeconfig, ctx.signal);
      else
        return failed('Vigil runs in cluster mode but has no cluster credentials to make the pod');
      const max = spec.maxLength;
      return runPod(api, pod, {
        signal: ctx.signal,
        pollMs: opts.pollMs ?? 1000,
        maxLength: typeof max === 'number' && max > 0 ? Math.floor(max) : DEFAULT_MAX_LOG,
      });
    });
}

export const podAction: ActionRunner = podActionWith();
