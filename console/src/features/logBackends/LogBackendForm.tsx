import { FormGroup, FormSelect, FormSelectOption } from '@patternfly/react-core';
import type { SpecFormProps } from '../../components/SpecEditor/SpecEditor';
import { HelperLine, KeyValueEditor, YamlField } from '../../components/SpecForm/fields';
import { fieldContext, ResourceFormShell } from '../settings/ResourceForm';
import type { ResourceDoc } from '../settings/resourceDocument';
import { BACKEND_KINDS, TEMPLATES, kindOf, type BackendKind } from './backendSpec';

const ID = 'log-backend';

const HELP: Record<BackendKind, string> = {
  file: 'file: paths (globs, a file or a folder on this server; not Vigil’s data directory, /proc, /sys or /dev) and format (auto, json or text).',
  vigil: 'vigil: {} — the most recent lines Vigil itself logged, kept in memory.',
  loki: 'loki: url (or connection, a stored connection with the url and basic auth), selector (a stream selector such as {namespace="shop"}) and tenant (X-Scope-OrgID).',
};

/**
 * Name, labels and the spec as YAML (spec 001 "Log backends"), with a kind chooser that starts
 * the spec of that kind. A component's log selector reads the backends of its type whose labels
 * agree with its own (docs/logs.md).
 */
export function LogBackendForm(props: SpecFormProps<ResourceDoc>) {
  const { doc, readOnly } = props;
  const kind = kindOf(doc.spec);
  const ctx = fieldContext(props, ID);
  return (
    <ResourceFormShell {...props} idPrefix={ID} title="Log Backend">
      <KeyValueEditor
        id={`${ID}-labels`}
        label="Labels"
        value={doc.labels}
        readOnly={readOnly}
        onChange={(labels) => props.set(['labels'], labels)}
      />
      <FormGroup label="Kind" fieldId={`${ID}-kind`}>
        <FormSelect
          id={`${ID}-kind`}
          value={kind ?? ''}
          isDisabled={readOnly}
          onChange={(_e, value) => {
            if (value && value !== kind) props.set(['spec'], TEMPLATES[value as BackendKind]);
          }}
        >
          {!kind && <FormSelectOption value="" label="Choose a kind" isPlaceholder />}
          {BACKEND_KINDS.map((k) => (
            <FormSelectOption key={k.value} value={k.value} label={k.label} />
          ))}
        </FormSelect>
        <HelperLine text={kind ? HELP[kind] : 'Files, Vigil’s own logs or a Loki server.'} />
      </FormGroup>
      <YamlField
        key={kind ?? 'none'}
        def={{ kind: 'yaml', path: ['spec'], label: 'Spec', required: true }}
        ctx={ctx}
      />
    </ResourceFormShell>
  );
}
