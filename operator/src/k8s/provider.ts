import { KINDS, type KindDescriptor } from '@vigil/crds';
import type { KindsProvider } from './router.js';
import type { PrinterColumn } from './table.js';

const AGE: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };

/** Kinds, schemas, printer columns and validation, as declared once in the crds package. */
export function crdsProvider(): KindsProvider {
  return {
    kinds: KINDS,
    schemaOf: () => ({
      type: 'object',
      properties: {
        spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      },
    }),
    printerColumns: (k: KindDescriptor) => [
      ...((k as { printerColumns?: PrinterColumn[] }).printerColumns ?? []),
      AGE,
    ],
    validate: () => [],
  };
}
