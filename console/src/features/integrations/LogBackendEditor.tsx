import { Form, FormGroup, FormSection, TextInput } from '@patternfly/react-core';
import { SpecEditor, type SpecFormProps } from '../../components/SpecEditor/SpecEditor';
import { HelperLine, KeyValueEditor, YamlField } from '../../components/SpecForm/fields';
import {
  logBackendToYaml,
  validateLogBackend,
  yamlToLogBackend,
  type LogBackendDoc,
} from './logBackendDocument';

export interface LogBackendEditorProps {
  initial: LogBackendDoc;
  exists: boolean;
  readOnly: boolean;
  canDelete: boolean;
  onBack: () => void;
  onSave: (doc: LogBackendDoc) => Promise<void>;
  onDelete: (doc: LogBackendDoc) => void;
}

/** Name (fixed once saved), labels and the spec as YAML (spec 001 "Log backends"). */
function LogBackendForm(props: SpecFormProps<LogBackendDoc>) {
  const { doc, readOnly, exists } = props;
  const nameError = props.error(['name']);
  return (
    <Form onSubmit={(e) => e.preventDefault()} noValidate>
      <FormSection title="Log Backend" titleElement="h2">
        <FormGroup label="Name" isRequired fieldId="log-backend-name">
          <TextInput
            id="log-backend-name"
            value={doc.name}
            validated={nameError ? 'error' : 'default'}
            readOnlyVariant={readOnly || exists ? 'default' : undefined}
            onBlur={() => props.touch(['name'])}
            onChange={(_e, v) => props.set(['name'], v)}
          />
          <HelperLine error={nameError} />
        </FormGroup>
        <KeyValueEditor
          id="log-backend-labels"
          label="Labels"
          value={doc.labels}
          readOnly={readOnly}
          onChange={(labels) => props.set(['labels'], labels ?? {})}
        />
        <YamlField
          def={{ kind: 'yaml', path: ['spec'], label: 'Spec', required: true }}
          ctx={{
            node: doc as unknown as Record<string, unknown>,
            idPrefix: 'log-backend',
            readOnly,
            set: props.set,
            touch: props.touch,
            error: props.error,
          }}
        />
      </FormSection>
    </Form>
  );
}

/** The log backend's Form and Code tabs. */
export function LogBackendEditor(props: LogBackendEditorProps) {
  const { exists } = props;
  return (
    <SpecEditor<LogBackendDoc>
      initial={props.initial}
      exists={exists}
      readOnly={props.readOnly}
      canDelete={props.canDelete}
      validate={validateLogBackend}
      toYaml={logBackendToYaml}
      fromYaml={yamlToLogBackend}
      fromCode={(parsed, current) => (exists ? { ...parsed, name: current.name } : parsed)}
      errorsTitle="The log backend has errors"
      renderForm={(form) => <LogBackendForm {...form} />}
      onBack={props.onBack}
      onSave={props.onSave}
      onDelete={props.onDelete}
    />
  );
}
