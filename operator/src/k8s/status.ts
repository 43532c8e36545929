import type { KindDescriptor } from '@vigil/crds';

/** Kubernetes `Status` failures, so kubectl and client libraries print what went wrong. */
export class K8sError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  body() {
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: this.reason,
      ...(this.details ? { details: this.details } : {}),
      code: this.code,
    };
  }
}

const resourceName = (k: KindDescriptor) => `${k.plural}.${k.group}`;

export const notFound = (k: KindDescriptor, name: string) =>
  new K8sError(404, 'NotFound', `${resourceName(k)} "${name}" not found`, {
    name,
    group: k.group,
    kind: k.plural,
  });

export const alreadyExists = (k: KindDescriptor, name: string) =>
  new K8sError(409, 'AlreadyExists', `${resourceName(k)} "${name}" already exists`, {
    name,
    group: k.group,
    kind: k.plural,
  });

export const conflict = (
  k: KindDescriptor,
  name: string,
  why = 'the object has been modified; please apply your changes to the latest version and try again',
) =>
  new K8sError(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${resourceName(k)} "${name}": ${why}`,
    { name, group: k.group, kind: k.plural },
  );

export interface Cause {
  field: string;
  reason: string;
  message: string;
}

export const invalid = (k: KindDescriptor, name: string, causes: Cause[]) =>
  new K8sError(
    422,
    'Invalid',
    `${k.kind} "${name}" is invalid: ${causes.map((c) => `${c.field}: ${c.message}`).join(', ')}`,
    { name, group: k.group, kind: k.kind, causes },
  );

export const badRequest = (message: string) => new K8sError(400, 'BadRequest', message);

export const unauthorized = () => new K8sError(401, 'Unauthorized', 'Unauthorized');

export const forbidden = (
  k: KindDescriptor,
  verb: string,
  namespace: string | undefined,
  user: string,
  why: string,
) =>
  new K8sError(
    403,
    'Forbidden',
    `${resourceName(k)} is forbidden: User "${user}" cannot ${verb} resource "${k.plural}" in API group "${k.group}"${namespace ? ` in the namespace "${namespace}"` : ' at the cluster scope'}: ${why}`,
    { group: k.group, kind: k.plural },
  );

export const unsupportedMediaType = (k: KindDescriptor, contentType: string) =>
  new K8sError(
    415,
    'UnsupportedMediaType',
    `${contentType} is not supported by ${k.group}/${k.version}, Kind=${k.kind}: the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml`,
  );

export const expired = (requested: string, oldest: string) =>
  new K8sError(410, 'Expired', `too old resource version: ${requested} (${oldest})`);

export const pathNotFound = () =>
  new K8sError(404, 'NotFound', 'the server could not find the requested resource');
