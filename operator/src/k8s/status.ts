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

/**
 * 415 in the API server's own words. It does not name the type it refused: kubectl prints
 * "<type> is not supported by <group/version, Kind>: " before this message itself.
 */
export const unsupportedMediaType = (accepted: readonly string[]) =>
  new K8sError(
    415,
    'UnsupportedMediaType',
    `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
  );

/** 413, as the API server says it (it names the limit in bytes). */
export const requestEntityTooLarge = (limit: string) =>
  new K8sError(413, 'RequestEntityTooLarge', `Request entity too large: ${limit}`);

const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
};

/** A Status for an error raised outside /k8s (a shared guard, a body parser). */
export const fromStatus = (code: number, message: string) =>
  new K8sError(code, REASONS[code] ?? (code < 500 ? 'BadRequest' : 'InternalError'), message);

export const expired = (requested: string, oldest: string) =>
  new K8sError(410, 'Expired', `too old resource version: ${requested} (${oldest})`);

export const pathNotFound = () =>
  new K8sError(404, 'NotFound', 'the server could not find the requested resource');
