import { KINDS, objectSchema, validate, type KindDescriptor } from '@vigil/crds';
import type { KindsProvider } from './router.js';
import type { Cause } from './status.js';

// The router checks these itself (they apply before the object's own schema).
const CHECKED_BY_ROUTER = new Set(['apiVersion', 'kind', 'metadata.name']);

/**
 * Kinds, schemas, printer columns and validation, as declared once in the crds package. Specs
 * are stored as written, not defaulted: defaults inside list items would make every
 * `kubectl apply` of an unchanged manifest report "configured" (a JSON merge patch replaces
 * whole lists), so defaults are applied where specs are read.
 */
export function crdsProvider(): KindsProvider {
  return {
    kinds: KINDS,
    schemaOf: (k: KindDescriptor) => objectSchema(k) as unknown as Record<string, unknown>,
    printerColumns: (k: KindDescriptor) => [...k.printerColumns],
    validate: (k, obj): Cause[] => {
      const result = validate(k.kind, obj);
      return result.ok ? [] : result.causes.filter((c) => !CHECKED_BY_ROUTER.has(c.field));
    },
  };
}
