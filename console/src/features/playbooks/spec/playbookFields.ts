import { playbookSpec, toStructural } from '@vigil/crds';
import type { FieldDef } from '../../../components/SpecForm/fields';
import { fieldsOf } from '../../catalog/scraperTypes';

/** These lead the form, as they describe the playbook; the rest follow in schema order. */
const LEADING = ['title', 'description', 'category', 'icon', 'timeout'];

let fields: FieldDef[] | undefined;

/**
 * The form's spec fields: every property of the Playbook schema of @vigil/crds with its kind and
 * description (actions, parameters, triggers and selectors as YAML). Built once.
 */
export function playbookSpecFields(): readonly FieldDef[] {
  if (fields) return fields;
  const all = fieldsOf(toStructural(playbookSpec)).map((def) => ({
    ...def,
    path: ['spec', ...def.path],
  }));
  const rank = (def: FieldDef) => {
    const at = LEADING.indexOf(String(def.path[1]));
    return at === -1 ? LEADING.length : at;
  };
  fields = all
    .map((def, i) => ({ def, i }))
    .sort((a, b) => rank(a.def) - rank(b.def) || a.i - b.i)
    .map(({ def }) => def);
  return fields;
}
