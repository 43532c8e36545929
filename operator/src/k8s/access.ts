import type { KindDescriptor } from '@vigil/crds';
import type { Principal } from '../auth/identity.js';
import { kindRefusal, objectRefusal } from './admission.js';
import type { K8sObject } from './objects.js';
import { readFields } from './protobuf.js';

/**
 * authorization.k8s.io/v1 SelfSubjectAccessReview and SelfSubjectRulesReview (`kubectl auth
 * can-i`), answered by the one policy module through the same checks every /k8s request passes
 * (admission.ts: roles and Permission objects, deny wins).
 */
export const AUTHZ_GROUP = 'authorization.k8s.io';

/** Kubernetes verbs a review may name, and what each is for the policy. */
const VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];
const asPolicyVerb = (verb: string) => (verb === 'deletecollection' ? 'delete' : verb);

/** Discovery and OpenAPI are open to everyone signed in. */
const OPEN_URLS = ['/api', '/api/*', '/apis', '/apis/*', '/openapi', '/openapi/*', '/version'];

export interface ResourceAttributes {
  namespace?: string;
  verb?: string;
  group?: string;
  resource?: string;
  subresource?: string;
  name?: string;
}

export interface AccessReviewSpec {
  resourceAttributes?: ResourceAttributes;
  nonResourceAttributes?: { path?: string; verb?: string };
}

export interface AccessReviewStatus {
  allowed: boolean;
  denied?: boolean;
  reason?: string;
}

/**
 * The decision of one review. `lookup` loads the named object when the review names one, so
 * object-scoped Permissions decide as they would for the real request.
 */
export async function reviewAccess(
  principal: Principal,
  kinds: readonly KindDescriptor[],
  spec: AccessReviewSpec,
  lookup: (k: KindDescriptor, namespace: string, name: string) => Promise<K8sObject | undefined>,
): Promise<AccessReviewStatus> {
  const nonResource = spec.nonResourceAttributes;
  if (nonResource && !spec.resourceAttributes) {
    const path = nonResource.path ?? '';
    const open =
      (nonResource.verb ?? 'get') === 'get' &&
      OPEN_URLS.some((u) => (u.endsWith('*') ? path.startsWith(u.slice(0, -1)) : path === u));
    return open
      ? { allowed: true, reason: 'discovery is open to every signed-in user' }
      : { allowed: false, reason: `no rule allows ${nonResource.verb ?? 'get'} on ${path}` };
  }
  const attrs = spec.resourceAttributes ?? {};
  const verb = attrs.verb ?? '';
  const group = attrs.group ?? '';
  const resource = attrs.resource ?? '';
  if (attrs.subresource && attrs.subresource !== 'status')
    return { allowed: false, reason: `${resource}/${attrs.subresource} does not exist` };
  const targets = kinds.filter(
    (k) =>
      (group === '*' || k.group === group) &&
      (resource === '*' || k.plural === resource || k.shortNames.includes(resource)),
  );
  if (!targets.length)
    return {
      allowed: false,
      reason: `no resource "${resource}" in API group "${group}" is served here`,
    };
  const verbs = verb === '*' ? VERBS : [verb];
  if (!verbs.every((v) => v === 'deletecollection' || VERBS.includes(v)))
    return { allowed: false, reason: `unknown verb "${verb}"` };
  for (const k of targets) {
    for (const v of verbs) {
      const pv = asPolicyVerb(v);
      let why = kindRefusal(principal, k, pv);
      if (!why && attrs.name && attrs.namespace) {
        const obj = await lookup(k, attrs.namespace, attrs.name);
        if (obj) why = objectRefusal(principal, k, pv, obj);
      }
      if (why) return { allowed: false, reason: why };
    }
  }
  return { allowed: true, reason: 'allowed by the roles and Permissions of the user' };
}

/** Every verb each kind allows the principal, as a SelfSubjectRulesReview's status. */
export function reviewRules(principal: Principal, kinds: readonly KindDescriptor[]) {
  const resourceRules = kinds.flatMap((k) => {
    const verbs = VERBS.filter((v) => !kindRefusal(principal, k, asPolicyVerb(v)));
    return verbs.length
      ? [
          {
            verbs,
            apiGroups: [k.group],
            resources: [k.plural, `${k.plural}/status`],
          },
        ]
      : [];
  });
  return {
    resourceRules: [
      // Everyone may ask what they may do.
      {
        verbs: ['create'],
        apiGroups: [AUTHZ_GROUP],
        resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'],
      },
      ...resourceRules,
    ],
    nonResourceRules: [{ verbs: ['get'], nonResourceURLs: OPEN_URLS }],
    incomplete: false,
  };
}

const MAGIC = Buffer.from('k8s\0', 'binary');

function strings(buf: Buffer, names: Record<number, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, values] of readFields(buf)) {
    const name = names[field];
    const v = values[values.length - 1];
    if (name && Buffer.isBuffer(v)) out[name] = v.toString('utf8');
  }
  return out;
}

/**
 * The spec of a protobuf-encoded SelfSubjectAccessReview or SelfSubjectRulesReview: the
 * `k8s\0` envelope (runtime.Unknown, raw = field 2), the review (spec = field 2), then
 * ResourceAttributes (1) / NonResourceAttributes (2) with string fields by number.
 */
export function decodeReviewSpec(body: Buffer): AccessReviewSpec {
  if (!body.subarray(0, 4).equals(MAGIC)) throw new Error('not a Kubernetes protobuf envelope');
  const raw = readFields(body.subarray(4)).get(2)?.[0];
  if (!Buffer.isBuffer(raw)) throw new Error('the envelope holds no object');
  const spec = readFields(raw).get(2)?.[0];
  if (!Buffer.isBuffer(spec)) return {};
  const fields = readFields(spec);
  const out: AccessReviewSpec = {};
  const resource = fields.get(1)?.[0];
  const nonResource = fields.get(2)?.[0];
  if (Buffer.isBuffer(resource))
    out.resourceAttributes = strings(resource, {
      1: 'namespace',
      2: 'verb',
      3: 'group',
      4: 'version',
      5: 'resource',
      6: 'subresource',
      7: 'name',
    });
  if (Buffer.isBuffer(nonResource))
    out.nonResourceAttributes = strings(nonResource, { 1: 'path', 2: 'verb' });
  return out;
}
