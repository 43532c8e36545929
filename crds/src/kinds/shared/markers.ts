import { z } from 'zod';

/**
 * Kubernetes prunes fields a structural schema does not declare. A node with this flag keeps them;
 * we set it only where the value is genuinely free-form (pod specs, arbitrary objects, templates
 * whose shape the user decides) so typos elsewhere are still caught.
 */
export const PRESERVE_UNKNOWN = 'x-kubernetes-preserve-unknown-fields';

/**
 * Our own marker, removed by the generator: the node is fully validated by zod in-process but is
 * emitted as a free-form object in the CRD. Used where a structural schema cannot follow (recursion)
 * or would blow the apiserver's size limits (a whole CanarySpec embedded several times).
 */
export const SCHEMALESS = 'x-vigil-schemaless';

/** An object with arbitrary keys and values. */
export function freeForm(description: string) {
  return z.record(z.string(), z.unknown()).meta({ [PRESERVE_UNKNOWN]: true, description });
}

/** Any JSON value (string, number, object, ...): emitted without a type, which Kubernetes allows. */
export function anyValue(description: string) {
  return z.unknown().meta({ [PRESERVE_UNKNOWN]: true, description });
}

/**
 * An object whose known fields are validated while unknown ones are kept: for upstream structures
 * our reference only partly describes, so an upstream manifest never loses settings on apply.
 */
export function openObject<T extends z.ZodRawShape>(shape: T, description: string) {
  return z.looseObject(shape).meta({ [PRESERVE_UNKNOWN]: true, description });
}

/** See SCHEMALESS. */
export function schemaless<T extends z.ZodType>(schema: T, description: string): T {
  return schema.meta({ [SCHEMALESS]: true, description }) as T;
}

/**
 * Go `time.Duration` fields serialise as integer nanoseconds upstream, but people write "10s":
 * accept both (Kubernetes' int-or-string).
 */
export function intOrString(description: string) {
  return z.union([z.int(), z.string()]).describe(description);
}
