import { Alert, Content, Label } from '@patternfly/react-core';
import { SpecEditor } from '../../components/SpecEditor/SpecEditor';
import type { CheckType } from './checkTypes';
import { CanaryForm } from './CanaryForm';
import { docToYaml, yamlToDoc, type CanaryDoc } from './document';
import { validateDoc } from './validation';

export interface CanaryEditorProps {
  initial: CanaryDoc;
  type: CheckType;
  /** Saved before: the button reads Update and name and namespace are fixed. */
  exists: boolean;
  readOnly: boolean;
  canDelete: boolean;
  onBack: () => void;
  /** Resolves when saved; a rejection (already reported) leaves the editor as it was. */
  onSave: (doc: CanaryDoc) => Promise<void>;
  onDelete: (doc: CanaryDoc) => void;
}

/**
 * The health check's Form and Code tabs (spec 001 "Spec editors"). A type Vigil does not run has
 * no form and opens in the Code tab.
 */
export function CanaryEditor(props: CanaryEditorProps) {
  const { type, exists } = props;
  return (
    <SpecEditor<CanaryDoc>
      initial={props.initial}
      exists={exists}
      readOnly={props.readOnly}
      canDelete={props.canDelete}
      validate={validateDoc}
      toYaml={docToYaml}
      fromYaml={yamlToDoc}
      fromCode={(parsed, current) =>
        exists ? { ...parsed, name: current.name, namespace: current.namespace } : parsed
      }
      initialTab={type.form ? 'form' : 'code'}
      errorsTitle="The health check has errors"
      header={
        <Content component="p">
          Type: <Label isCompact>{type.label}</Label>
        </Content>
      }
      codeNote={
        !type.form && (
          <Alert
            variant="info"
            isInline
            style={{ marginBottom: 16 }}
            title={
              type.id === 'custom'
                ? 'Write the checks of this health check below.'
                : `Vigil does not run ${type.label} checks yet: they are saved as written, but they do not run.`
            }
          />
        )
      }
      renderForm={(form) => <CanaryForm {...form} type={type} />}
      onBack={props.onBack}
      onSave={props.onSave}
      onDelete={props.onDelete}
    />
  );
}
