import type { KindDescriptor } from '@vigil/crds';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Principal } from '../auth/identity.js';
import { kindRefusal, objectRefusal, visible } from './admission.js';
import {
  NAMESPACE_COLUMNS,
  NAMESPACE_RESOURCE,
  createNamespace,
  decodeNamespace,
  forgetNamespace,
  getNamespace,
  listNamespaces,
  namespaceNotFound,
} from './namespaces.js';
import { HttpError } from '../errors.js';
import { requireSameOrigin } from '../http/authn.js';
import { bodyError, describeLimit, isTooLarge } from '../http/bodyErrors.js';
import {
  AUTHZ_GROUP,
  decodeReviewSpec,
  reviewAccess,
  reviewRules,
  type AccessReviewSpec,
} from './access.js';
import { serverSideApply } from './apply.js';
import {
  aggregatedContentType,
  aggregatedDiscovery,
  aggregatedVersion,
  apiGroup,
  apiGroupList,
  apiResourceList,
  versionInfo,
} from './discovery.js';
import { nowTime, type K8sObject } from './objects.js';
import { documentHash, groupVersionDocument, openApiRoot, type SchemaOf } from './openapi.js';
import { PROTOBUF_V2, PROTOBUF_V2_RESPONSE, encodeSwagger, swaggerDocument } from './openapiV2.js';
import { jsonPatch, mergePatch } from './patch.js';
import {
  fieldValidation,
  pruneUnknown,
  strictDecodingError,
  unknownFieldMessage,
  warningHeader,
} from './prune.js';
import {
  K8sError,
  badRequest,
  forbidden,
  fromStatus,
  invalid,
  notFound,
  pathNotFound,
  requestEntityTooLarge,
  unauthorized,
  unsupportedMediaType,
  type Cause,
} from './status.js';
import * as store from './store.js';
import { toTable, wantsTable, type PrinterColumn } from './table.js';
import { serveWatch } from './watchStream.js';
import type { WatchHub } from './watch.js';

export interface KindsProvider {
  kinds: readonly KindDescriptor[];
  schemaOf: SchemaOf;
  printerColumns: (k: KindDescriptor) => PrinterColumn[];
  /** Causes for an invalid object; empty when valid. */
  validate: (k: KindDescriptor, obj: K8sObject) => Cause[];
}

const JSON_TYPE = 'application/json';
const MERGE_PATCH = 'application/merge-patch+json';
const JSON_PATCH = 'application/json-patch+json';
const APPLY_PATCH = 'application/apply-patch+yaml';
const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const PATCH_TYPES = [JSON_PATCH, MERGE_PATCH, APPLY_PATCH];

/**
 * The media types each write takes, as the API server answers for custom resources. Bodies are
 * JSON only (no YAML or protobuf decoder here; kubectl sends JSON, and server-side apply's
 * "YAML" is JSON too). Strategic merge patch needs Go struct tags CRDs do not have, so the API
 * server refuses it for them too. Anything else, text/plain or a missing Content-Type included
 * (what a cross-site form or no-cors fetch can send), is 415 before the body is read.
 */
const BODY_TYPES: Record<string, readonly string[]> = {
  POST: [JSON_TYPE],
  PUT: [JSON_TYPE],
  DELETE: [JSON_TYPE], // DeleteOptions
  PATCH: PATCH_TYPES,
};
/** The API server's default limit on a request body (3 MiB). */
const BODY_LIMIT = 3 * 1024 * 1024;

const mediaType = (req: Request) =>
  (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function send(
  res: Response,
  status: number,
  body: unknown,
  contentType = 'application/json',
): void {
  res.status(status).type(contentType).send(JSON.stringify(body));
}

/**
 * The Kubernetes paths served at the host root as well as under /k8s: `/api` itself and the
 * core group `/api/v1…` (Vigil's own routes are `/api/<area>`, none named v1), `/apis…`,
 * `/openapi…` and `/version`. kubectl sends `get --raw` paths from the root whatever the
 * kubeconfig's server path is.
 */
export function isK8sRootPath(path: string): boolean {
  return /^\/(?:api\/?$|api\/v1(?:\/|$)|apis(?:\/|$)|openapi(?:\/|$)|version\/?$)/.test(path);
}

/** `/k8s`: a Kubernetes-compatible API for Vigil's kinds, stored in PostgreSQL. */
export function k8sRouter(deps: {
  pool: pg.Pool;
  provider: KindsProvider;
  hub: WatchHub;
  log: Logger;
  version: string;
  authenticate: RequestHandler;
}): Router {
  const { pool, provider, hub } = deps;
  const router = Router();
  const kinds = provider.kinds;
  const byPlural = (group: string, version: string, plural: string) =>
    kinds.find((k) => k.group === group && k.version === version && k.plural === plural);
  const docs = new Map<string, { doc: unknown; hash: string }>();
  const docFor = (group: string) => {
    let d = docs.get(group);
    if (!d) {
      const doc = groupVersionDocument(group, kinds, provider.schemaOf);
      d = { doc, hash: documentHash(doc) };
      docs.set(group, d);
    }
    return d;
  };
  const groups = [...new Set(kinds.map((k) => k.group))];

  router.get('/version', (_req, res) => send(res, 200, versionInfo(deps.version)));
  router.use(deps.authenticate);
  router.use((_req, res, next) => {
    if (!res.locals.principal) throw unauthorized();
    next();
  });
  // Cookie-authenticated writes (the console's) must come from the console, as on /api.
  router.use(requireSameOrigin);
  router.use((req, _res, next) => {
    // kubectl's typed clients (auth can-i) send built-in kinds as protobuf.
    const builtIn =
      req.path.startsWith(`/apis/${AUTHZ_GROUP}/`) ||
      (req.method === 'POST' && req.path === '/api/v1/namespaces');
    const accepted = builtIn ? [JSON_TYPE, PROTOBUF] : BODY_TYPES[req.method];
    if (accepted && hasBody(req) && !accepted.includes(mediaType(req)))
      throw unsupportedMediaType(accepted);
    next();
  });
  router.use(express.raw({ type: PROTOBUF, limit: BODY_LIMIT }));
  router.use(
    express.text({ type: [JSON_TYPE, MERGE_PATCH, JSON_PATCH, APPLY_PATCH], limit: BODY_LIMIT }),
  );

  router.get('/api', (req, res) => {
    const v = aggregatedVersion(req.headers.accept);
    if (v) send(res, 200, aggregatedDiscovery(kinds, v, true), aggregatedContentType(v));
    else
      send(res, 200, {
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '' }],
      });
  });
  router.get('/apis', (req, res) => {
    const v = aggregatedVersion(req.headers.accept);
    // The Content-Type must echo the negotiated type, or kubectl ignores the answer.
    if (v) send(res, 200, aggregatedDiscovery(kinds, v, false), aggregatedContentType(v));
    else send(res, 200, apiGroupList(kinds));
  });
  router.get('/apis/:group', (req, res) => {
    if (!groups.includes(req.params.group as string)) throw pathNotFound();
    send(res, 200, apiGroup(req.params.group as string));
  });
  router.get('/apis/:group/:version', (req, res) => {
    if (!groups.includes(req.params.group as string) || req.params.version !== 'v1')
      throw pathNotFound();
    send(res, 200, apiResourceList(req.params.group as string, kinds));
  });
  router.get('/openapi/v3', (_req, res) =>
    send(res, 200, openApiRoot(groups.map((group) => ({ group, hash: docFor(group).hash })))),
  );
  let swagger: { json: string; proto: Buffer; etag: string } | undefined;
  router.get('/openapi/v2', (req, res) => {
    if (!swagger) {
      const doc = swaggerDocument(kinds, provider.schemaOf);
      swagger = {
        json: JSON.stringify(doc),
        proto: encodeSwagger(doc),
        etag: `"${documentHash(doc)}"`,
      };
    }
    res.setHeader('ETag', swagger.etag);
    res.setHeader('Vary', 'Accept');
    // kubectl 1.27/1.28 ask for the protobuf form only, and cannot parse JSON in its place.
    if ((req.headers.accept ?? '').includes(PROTOBUF_V2.split('@')[0] as string))
      res.status(200).type(PROTOBUF_V2_RESPONSE).send(swagger.proto);
    else res.status(200).type(JSON_TYPE).send(swagger.json);
  });
  router.get('/openapi/v3/apis/:group/:version', (req, res) => {
    if (!groups.includes(req.params.group as string)) throw pathNotFound();
    send(res, 200, docFor(req.params.group as string).doc);
  });

  const kindOf = (req: Request): KindDescriptor => {
    const k = byPlural(
      req.params.group as string,
      req.params.version as string,
      req.params.plural as string,
    );
    if (!k) throw pathNotFound();
    return k;
  };
  const refuse = (req: Request, res: Response, k: KindDescriptor, verb: string, why: string) => {
    const principal = res.locals.principal as Principal;
    return forbidden(
      k,
      verb,
      req.params.namespace as string | undefined,
      principal.person.email ?? principal.person.name,
      why,
    );
  };
  /** May the verb touch this kind at all (object-scoped allows included)? */
  const authorize = (req: Request, res: Response, k: KindDescriptor, verb: string) => {
    const why = kindRefusal(res.locals.principal as Principal, k, verb);
    if (why) throw refuse(req, res, k, verb, why);
  };
  /** May it touch these objects (as they are, and as they would become)? */
  const admit = (
    req: Request,
    res: Response,
    k: KindDescriptor,
    verb: string,
    ...objects: (K8sObject | undefined)[]
  ) => {
    for (const obj of objects) {
      if (!obj) continue;
      const why = objectRefusal(res.locals.principal as Principal, k, verb, obj);
      if (why) throw refuse(req, res, k, verb, why);
    }
  };
  const canSee = (res: Response, k: KindDescriptor) => (o: K8sObject) =>
    visible(res.locals.principal as Principal, k, o);
  const dryRun = (req: Request) => {
    if (req.query.dryRun === 'All') return true;
    // kubectl delete --dry-run=server sends it in the DeleteOptions body, not the query.
    if (req.method !== 'DELETE' || typeof req.body !== 'string' || !req.body.trim()) return false;
    try {
      const options = JSON.parse(req.body) as { dryRun?: unknown };
      return Array.isArray(options.dryRun) && options.dryRun.includes('All');
    } catch {
      return false;
    }
  };
  const parseBody = (req: Request): unknown => {
    const text = typeof req.body === 'string' ? req.body : '';
    if (!text.trim()) throw badRequest('the request has no body');
    try {
      return JSON.parse(text);
    } catch {
      throw badRequest('the body is not valid JSON (send YAML manifests as JSON, as kubectl does)');
    }
  };
  const check = (k: KindDescriptor, obj: K8sObject, namespace: string) => {
    const causes: Cause[] = [];
    if (obj.apiVersion !== `${k.group}/${k.version}`)
      causes.push({
        field: 'apiVersion',
        reason: 'FieldValueInvalid',
        message: `Invalid value: "${String(obj.apiVersion)}": must be ${k.group}/${k.version}`,
      });
    if (obj.kind !== k.kind && !k.aliases.includes(String(obj.kind)))
      causes.push({
        field: 'kind',
        reason: 'FieldValueInvalid',
        message: `Invalid value: "${String(obj.kind)}": must be ${k.kind}`,
      });
    const name = obj.metadata?.name;
    if (!name)
      causes.push({
        field: 'metadata.name',
        reason: 'FieldValueRequired',
        message: 'Required value: name or generateName is required',
      });
    else if (!NAME.test(name) || name.length > 253)
      causes.push({
        field: 'metadata.name',
        reason: 'FieldValueInvalid',
        message: `Invalid value: "${name}": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`,
      });
    if (obj.metadata?.namespace && obj.metadata.namespace !== namespace) {
      throw badRequest(
        'the namespace of the provided object does not match the namespace sent on the request',
      );
    }
    causes.push(...provider.validate(k, obj));
    if (causes.length) throw invalid(k, name ?? '', causes);
  };
  /**
   * Drops the fields the kind's schema does not declare, and says so as fieldValidation asks:
   * Warn (the default) in Warning headers, Strict as a 400, Ignore not at all. Against `live`,
   * only fields the write brings in count (a patch does not answer for the stored object).
   */
  const prune = (
    req: Request,
    res: Response,
    k: KindDescriptor,
    obj: unknown,
    live?: K8sObject,
  ) => {
    const mode = fieldValidation(req.query.fieldValidation);
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return obj as K8sObject;
    const { object, unknown } = pruneUnknown(k, provider.schemaOf, obj as Record<string, unknown>);
    const stored = live
      ? new Set(
          pruneUnknown(k, provider.schemaOf, live as unknown as Record<string, unknown>).unknown,
        )
      : undefined;
    const fresh = stored ? unknown.filter((f) => !stored.has(f)) : unknown;
    if (fresh.length && mode === 'Strict') throw strictDecodingError(k, fresh);
    if (mode === 'Warn')
      for (const f of fresh) res.append('Warning', warningHeader(unknownFieldMessage(f)));
    return object as unknown as K8sObject;
  };
  const shape = (req: Request, res: Response, k: KindDescriptor, obj: K8sObject, status = 200) => {
    if (wantsTable(req.headers.accept))
      send(
        res,
        status,
        toTable([obj], provider.printerColumns(k), obj.metadata.resourceVersion ?? ''),
      );
    else send(res, status, obj);
  };

  // core/v1: Namespaces only (see namespaces.ts).
  router.get('/api/v1', (_req, res) =>
    send(res, 200, {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: 'v1',
      resources: [NAMESPACE_RESOURCE],
    }),
  );
  const sendNamespaces = (req: Request, res: Response, items: K8sObject[], rv: string) => {
    if (wantsTable(req.headers.accept)) send(res, 200, toTable(items, NAMESPACE_COLUMNS, rv));
    else
      send(res, 200, {
        apiVersion: 'v1',
        kind: 'NamespaceList',
        metadata: { resourceVersion: rv },
        items,
      });
  };
  router.get('/api/v1/namespaces', async (req, res) => {
    if (req.query.watch === 'true' || req.query.watch === '1')
      throw new K8sError(405, 'MethodNotAllowed', 'watching namespaces is not supported');
    const rv = await store.currentVersion(pool);
    let items = await listNamespaces(pool);
    if (typeof req.query.fieldSelector === 'string') {
      const m = /^metadata\.name(?:==?)(.*)$/.exec(req.query.fieldSelector);
      if (m) items = items.filter((n) => n.metadata.name === m[1]);
    }
    sendNamespaces(req, res, items, rv);
  });
  router.get('/api/v1/namespaces/:name', async (req, res) => {
    const ns = await getNamespace(pool, req.params.name as string);
    if (!ns) throw namespaceNotFound(req.params.name as string);
    if (wantsTable(req.headers.accept))
      send(res, 200, toTable([ns], NAMESPACE_COLUMNS, ns.metadata.resourceVersion ?? ''));
    else send(res, 200, ns);
  });
  const namespaceForbidden = (res: Response, verb: string, name: string, why: string) => {
    const principal = res.locals.principal as Principal;
    const user = principal.person.email ?? principal.person.name;
    return new K8sError(
      403,
      'Forbidden',
      `namespaces${name ? ` "${name}"` : ''} is forbidden: User "${user}" cannot ${verb} resource "namespaces" in API group "" at the cluster scope: ${why}`,
      { ...(name ? { name } : {}), kind: 'namespaces' },
    );
  };
  router.post('/api/v1/namespaces', async (req, res) => {
    const principal = res.locals.principal as Principal;
    // Whoever may create some kind of object may make a namespace to put it in.
    if (kinds.every((k) => kindRefusal(principal, k, 'create')))
      throw namespaceForbidden(res, 'create', '', 'creating needs the right to create objects');
    let body: K8sObject | null;
    if (Buffer.isBuffer(req.body)) {
      try {
        body = decodeNamespace(req.body);
      } catch {
        throw badRequest('the body is not a valid protobuf-encoded Namespace');
      }
    } else body = parseBody(req) as K8sObject | null;
    if (!body || typeof body !== 'object') throw badRequest('the body must be a JSON object');
    if (body.kind !== undefined && body.kind !== 'Namespace')
      throw badRequest(`the body is a ${String(body.kind)}, not a Namespace`);
    body.metadata ??= { name: '' };
    if (dryRun(req)) {
      send(res, 201, {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { ...body.metadata, creationTimestamp: nowTime() },
        spec: { finalizers: ['kubernetes'] },
        status: { phase: 'Active' },
      });
      return;
    }
    send(res, 201, await createNamespace(pool, body));
  });
  router.delete('/api/v1/namespaces/:name', async (req, res) => {
    const name = req.params.name as string;
    const ns = await getNamespace(pool, name);
    if (!ns) throw namespaceNotFound(name);
    if (name === 'default')
      throw namespaceForbidden(res, 'delete', name, 'this namespace may not be deleted');
    // Deleting a namespace deletes what it holds: every object must be the user's to delete.
    const held: [KindDescriptor, K8sObject][] = [];
    for (const k of kinds) {
      const { items } = await store.list(pool, k, { namespace: name });
      for (const obj of items) {
        const principal = res.locals.principal as Principal;
        const why =
          kindRefusal(principal, k, 'delete') ?? objectRefusal(principal, k, 'delete', obj);
        if (why)
          throw namespaceForbidden(
            res,
            'delete',
            name,
            `it holds ${k.plural}.${k.group} "${obj.metadata.name}": ${why}`,
          );
        held.push([k, obj]);
      }
    }
    const terminating = { ...ns, status: { phase: 'Terminating' } };
    if (dryRun(req)) {
      send(res, 200, terminating);
      return;
    }
    for (const [k, obj] of held) {
      try {
        await store.destroy(pool, k, name, obj.metadata.name);
      } catch (error) {
        if (!(error instanceof K8sError && error.code === 404)) throw error;
      }
    }
    await forgetNamespace(pool, name);
    send(res, 200, terminating);
  });

  // kubectl auth can-i: the policy module's answer for the signed-in user.
  const review =
    (
      kind: string,
      answer: (req: Request, res: Response, spec: AccessReviewSpec) => Promise<unknown> | unknown,
    ) =>
    async (req: Request, res: Response) => {
      let spec: AccessReviewSpec;
      if (Buffer.isBuffer(req.body)) {
        try {
          spec = kind === 'SelfSubjectAccessReview' ? decodeReviewSpec(req.body) : {};
        } catch {
          throw badRequest('the body is not a valid protobuf-encoded review');
        }
      } else {
        const body = parseBody(req) as { spec?: AccessReviewSpec } | null;
        if (!body || typeof body !== 'object') throw badRequest('the body must be a JSON object');
        spec = body.spec ?? {};
      }
      send(res, 201, {
        kind,
        apiVersion: `${AUTHZ_GROUP}/v1`,
        metadata: { creationTimestamp: null },
        spec,
        status: await answer(req, res, spec),
      });
    };
  router.post(
    `/apis/${AUTHZ_GROUP}/v1/selfsubjectaccessreviews`,
    review('SelfSubjectAccessReview', (_req, res, spec) =>
      reviewAccess(res.locals.principal as Principal, kinds, spec, (k, namespace, name) =>
        store.get(pool, k, namespace, name),
      ),
    ),
  );
  router.post(
    `/apis/${AUTHZ_GROUP}/v1/selfsubjectrulesreviews`,
    review('SelfSubjectRulesReview', (_req, res) =>
      reviewRules(res.locals.principal as Principal, kinds),
    ),
  );

  const collection = [
    '/apis/:group/:version/:plural',
    '/apis/:group/:version/namespaces/:namespace/:plural',
  ];
  router.get(collection, async (req, res) => {
    const k = kindOf(req);
    const verb = req.query.watch === 'true' || req.query.watch === '1' ? 'watch' : 'list';
    authorize(req, res, k, verb);
    const namespace = req.params.namespace as string | undefined;
    if (verb === 'watch') {
      await serveWatch(req, res, {
        pool,
        hub,
        k,
        namespace,
        columns: provider.printerColumns(k),
        visible: canSee(res, k),
      });
      return;
    }
    const page = await store.list(pool, k, {
      ...(namespace ? { namespace } : {}),
      ...(typeof req.query.labelSelector === 'string'
        ? { labelSelector: req.query.labelSelector }
        : {}),
      ...(typeof req.query.fieldSelector === 'string'
        ? { fieldSelector: req.query.fieldSelector }
        : {}),
      ...(typeof req.query.limit === 'string' ? { limit: Number(req.query.limit) } : {}),
      ...(typeof req.query.continue === 'string' && req.query.continue
        ? { continueToken: req.query.continue }
        : {}),
    });
    // Objects an object-scoped Permission hides are left out of the page.
    page.items = page.items.filter(canSee(res, k));
    if (wantsTable(req.headers.accept)) {
      const table = toTable(page.items, provider.printerColumns(k), page.resourceVersion);
      send(res, 200, {
        ...table,
        metadata: {
          ...table.metadata,
          ...(page.continueToken ? { continue: page.continueToken } : {}),
        },
      });
      return;
    }
    send(res, 200, {
      apiVersion: `${k.group}/${k.version}`,
      kind: `${k.kind}List`,
      metadata: {
        resourceVersion: page.resourceVersion,
        ...(page.continueToken ? { continue: page.continueToken } : {}),
      },
      items: page.items,
    });
  });

  router.post('/apis/:group/:version/namespaces/:namespace/:plural', async (req, res) => {
    const k = kindOf(req);
    authorize(req, res, k, 'create');
    const namespace = req.params.namespace as string;
    const body = parseBody(req);
    if (!body || typeof body !== 'object') throw badRequest('the body must be a JSON object');
    const obj = prune(req, res, k, body);
    obj.metadata ??= { name: '' };
    if (!obj.metadata.name && typeof obj.metadata.generateName === 'string') {
      obj.metadata.name = `${obj.metadata.generateName}${Math.random().toString(36).slice(2, 7)}`;
    }
    check(k, obj, namespace);
    const toStore = { ...obj, metadata: { ...obj.metadata, namespace } };
    delete toStore.status; // status is written through the status subresource only
    admit(req, res, k, 'create', toStore);
    if (dryRun(req)) {
      if (await store.get(pool, k, namespace, obj.metadata.name))
        throw new K8sError(
          409,
          'AlreadyExists',
          `${k.plural}.${k.group} "${obj.metadata.name}" already exists`,
        );
      shape(
        req,
        res,
        k,
        {
          ...toStore,
          metadata: {
            ...toStore.metadata,
            generation: 1,
            creationTimestamp: nowTime(),
            uid: '',
            resourceVersion: '',
          },
        },
        201,
      );
      return;
    }
    shape(req, res, k, await store.create(pool, k, toStore), 201);
  });

  const item = '/apis/:group/:version/namespaces/:namespace/:plural/:name';
  const load = async (k: KindDescriptor, req: Request) => {
    const obj = await store.get(pool, k, req.params.namespace as string, req.params.name as string);
    if (!obj) throw notFound(k, req.params.name as string);
    return obj;
  };

  router.get([item, `${item}/status`], async (req, res) => {
    const k = kindOf(req);
    authorize(req, res, k, 'get');
    const obj = await load(k, req);
    admit(req, res, k, 'get', obj);
    shape(req, res, k, obj);
  });

  /** Writes `next` over `live`: the main resource keeps status, the status subresource keeps the rest. */
  const write = async (
    req: Request,
    res: Response,
    k: KindDescriptor,
    live: K8sObject,
    next: K8sObject,
    statusOnly: boolean,
    precondition?: string,
  ) => {
    const merged: K8sObject = statusOnly
      ? { ...live, status: next.status }
      : {
          ...next,
          apiVersion: next.apiVersion ?? live.apiVersion,
          kind: next.kind ?? live.kind,
          status: live.status,
          metadata: {
            ...next.metadata,
            name: live.metadata.name,
            namespace: live.metadata.namespace,
          },
        };
    if (!statusOnly) check(k, merged, req.params.namespace as string);
    admit(req, res, k, 'update', live, merged);
    if (dryRun(req)) {
      shape(req, res, k, {
        ...merged,
        metadata: { ...merged.metadata, resourceVersion: live.metadata.resourceVersion },
      });
      return;
    }
    shape(req, res, k, await store.replace(pool, k, merged, precondition));
  };

  router.put([item, `${item}/status`], async (req, res) => {
    const k = kindOf(req);
    authorize(req, res, k, 'update');
    const live = await load(k, req);
    const statusOnly = req.path.endsWith('/status');
    const body = statusOnly ? (parseBody(req) as K8sObject) : prune(req, res, k, parseBody(req));
    if (body?.metadata?.name && body.metadata.name !== live.metadata.name)
      throw badRequest('the name of the object does not match the name on the URL');
    await write(req, res, k, live, body, statusOnly, body?.metadata?.resourceVersion);
  });

  router.patch([item, `${item}/status`], async (req, res) => {
    const k = kindOf(req);
    authorize(req, res, k, 'patch');
    const type = mediaType(req);
    const statusOnly = req.path.endsWith('/status');
    const body = parseBody(req);
    const manager = typeof req.query.fieldManager === 'string' ? req.query.fieldManager : 'unknown';
    if (type === APPLY_PATCH) {
      const applied = statusOnly ? (body as K8sObject) : prune(req, res, k, body);
      const live = await store.get(
        pool,
        k,
        req.params.namespace as string,
        req.params.name as string,
      );
      if (!live) {
        const created = serverSideApply(
          k,
          {
            apiVersion: applied.apiVersion,
            kind: applied.kind,
            metadata: { name: req.params.name as string },
          },
          applied,
          manager,
          true,
        );
        check(k, created, req.params.namespace as string);
        const toStore = {
          ...created,
          metadata: { ...created.metadata, namespace: req.params.namespace as string },
        };
        delete toStore.status;
        admit(req, res, k, 'create', toStore);
        shape(req, res, k, dryRun(req) ? toStore : await store.create(pool, k, toStore), 201);
        return;
      }
      const merged = serverSideApply(
        k,
        live,
        applied,
        manager,
        req.query.force === 'true',
        statusOnly ? 'status' : undefined,
      );
      await write(req, res, k, live, merged, statusOnly);
      return;
    }
    const live = await load(k, req);
    let next: K8sObject;
    if (type === MERGE_PATCH) next = mergePatch(live, body) as K8sObject;
    else if (type === JSON_PATCH) next = jsonPatch(live, body) as K8sObject;
    else throw unsupportedMediaType(PATCH_TYPES);
    if (!statusOnly) next = prune(req, res, k, next, live);
    // A patch may carry metadata.resourceVersion as a precondition (kubectl diff and SSA migration do).
    const precondition =
      (body as { metadata?: { resourceVersion?: string } } | undefined)?.metadata
        ?.resourceVersion ?? (type === JSON_PATCH ? next.metadata.resourceVersion : undefined);
    await write(
      req,
      res,
      k,
      live,
      next,
      statusOnly,
      precondition !== live.metadata.resourceVersion ? precondition : undefined,
    );
  });

  router.delete(item, async (req, res) => {
    const k = kindOf(req);
    authorize(req, res, k, 'delete');
    const live = await load(k, req);
    admit(req, res, k, 'delete', live);
    if (dryRun(req)) {
      shape(req, res, k, live);
      return;
    }
    const { object } = await store.destroy(
      pool,
      k,
      req.params.namespace as string,
      req.params.name as string,
    );
    shape(req, res, k, object);
  });

  router.all(/.*/, () => {
    throw pathNotFound();
  });
  router.use((error: unknown, req: Request, res: Response, next: (e?: unknown) => void) => {
    if (res.headersSent) return next(error);
    if (error instanceof K8sError) {
      send(res, error.code, error.body());
      return;
    }
    // The shared guards (CSRF) throw HttpError; kubectl and client libraries read a Status.
    if (error instanceof HttpError) {
      send(res, error.status, fromStatus(error.status, error.message).body());
      return;
    }
    // A body the parser refused is the client's problem: a Status, no stack trace in the log.
    const body = bodyError(error);
    if (body) {
      const status = isTooLarge(body)
        ? requestEntityTooLarge(`the limit is ${describeLimit(body.limit ?? BODY_LIMIT)}`)
        : fromStatus(body.status, `the request body could not be read: ${body.message}`);
      send(res, status.code, status.body());
      return;
    }
    req.log.error({ err: error }, 'k8s request failed');
    send(
      res,
      500,
      new K8sError(
        500,
        'InternalError',
        'an error on the server prevented the request from succeeding; the server log has details',
      ).body(),
    );
  });
  return router;
}
