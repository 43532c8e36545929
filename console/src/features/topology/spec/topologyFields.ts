import { toStructural, topologySpec } from '@vigil/crds';
import type { FieldDef } from '../../../components/SpecForm/fields';
import { fieldsOf } from '../../catalog/scraperTypes';

let fields: FieldDef[] | undefined;

/**
 * The form's spec fields: every property of the Topology schema of @vigil/crds, in its order,
 * with its kind and description (nested components, lookups and selectors as YAML). Built once.
 */
export function topologySpecFields(): readonly FieldDef[] {
  fields ??= fieldsOf(toStructural(topologySpec)).map((def) => ({
    ...def,
    path: ['spec', ...def.path],
  }));
  return fields;
}
