import { Form, FormGroup, FormSection, TextInput } from '@patternfly/react-core';
import type { SpecFormProps } from '../../../components/SpecEditor/SpecEditor';
import { BasicField, HelperLine, type FieldContext } from '../../../components/SpecForm/fields';
import type { PlaybookDoc } from './playbookDocument';
import { playbookSpecFields } from './playbookFields';

/** Name and namespace (fixed once saved), then the spec's fields from the Playbook schema. */
export function PlaybookForm(props: SpecFormProps<PlaybookDoc>) {
  const { doc, readOnly, exists } = props;
  const nameError = props.error(['name']);
  const ctx: FieldContext = {
    node: doc as unknown as Record<string, unknown>,
    idPrefix: 'playbook',
    readOnly,
    set: props.set,
    touch: props.touch,
    error: props.error,
  };
  return (
    <Form onSubmit={(e) => e.preventDefault()} noValidate>
      <FormSection title="Playbook" titleElement="h2">
        <FormGroup label="Name" isRequired fieldId="playbook-name">
          <TextInput
            id="playbook-name"
            value={doc.name}
            validated={nameError ? 'error' : 'default'}
            readOnlyVariant={readOnly || exists ? 'default' : undefined}
            onBlur={() => props.touch(['name'])}
            onChange={(_e, v) => props.set(['name'], v)}
          />
          <HelperLine error={nameError} />
        </FormGroup>
        <FormGroup label="Namespace" fieldId="playbook-namespace">
          <TextInput
            id="playbook-namespace"
            value={doc.namespace}
            placeholder="default"
            readOnlyVariant={readOnly || exists ? 'default' : undefined}
            onChange={(_e, v) => props.set(['namespace'], v)}
          />
        </FormGroup>
      </FormSection>
      <FormSection title="Spec" titleElement="h2">
        {playbookSpecFields().map((def) => (
          <BasicField key={def.path.join('.')} def={def} ctx={ctx} />
        ))}
      </FormSection>
    </Form>
  );
}
