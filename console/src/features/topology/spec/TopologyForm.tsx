import { Form, FormGroup, FormSection, TextInput } from '@patternfly/react-core';
import type { SpecFormProps } from '../../../components/SpecEditor/SpecEditor';
import {
  BasicField,
  HelperLine,
  KeyValueEditor,
  type FieldContext,
} from '../../../components/SpecForm/fields';
import type { TopologyDoc } from './topologyDocument';
import { topologySpecFields } from './topologyFields';

/** Name, namespace and labels (fixed once saved: name and namespace), then the spec's fields. */
export function TopologyForm(props: SpecFormProps<TopologyDoc>) {
  const { doc, readOnly, exists } = props;
  const nameError = props.error(['name']);
  const ctx: FieldContext = {
    node: doc as unknown as Record<string, unknown>,
    idPrefix: 'topology',
    readOnly,
    set: props.set,
    touch: props.touch,
    error: props.error,
  };
  return (
    <Form onSubmit={(e) => e.preventDefault()} noValidate>
      <FormSection title="Topology" titleElement="h2">
        <FormGroup label="Name" isRequired fieldId="topology-name">
          <TextInput
            id="topology-name"
            value={doc.name}
            validated={nameError ? 'error' : 'default'}
            readOnlyVariant={readOnly || exists ? 'default' : undefined}
            onBlur={() => props.touch(['name'])}
            onChange={(_e, v) => props.set(['name'], v)}
          />
          <HelperLine error={nameError} />
        </FormGroup>
        <FormGroup label="Namespace" fieldId="topology-namespace">
          <TextInput
            id="topology-namespace"
            value={doc.namespace}
            placeholder="default"
            readOnlyVariant={readOnly || exists ? 'default' : undefined}
            onChange={(_e, v) => props.set(['namespace'], v)}
          />
        </FormGroup>
        <KeyValueEditor
          id="topology-labels"
          label="Labels"
          value={doc.labels}
          readOnly={readOnly}
          onChange={(labels) => props.set(['labels'], labels ?? {})}
        />
      </FormSection>
      <FormSection title="Spec" titleElement="h2">
        {topologySpecFields().map((def) => (
          <BasicField key={def.path.join('.')} def={def} ctx={ctx} />
        ))}
      </FormSection>
    </Form>
  );
}
