import { SpecEditor } from '../../../components/SpecEditor/SpecEditor';
import {
  playbookToYaml,
  validatePlaybook,
  yamlToPlaybook,
  type PlaybookDoc,
} from './playbookDocument';
import { PlaybookForm } from './PlaybookForm';

export interface PlaybookEditorProps {
  initial: PlaybookDoc;
  /** Saved before: the button reads Update and name and namespace are fixed. */
  exists: boolean;
  readOnly: boolean;
  canDelete: boolean;
  onBack: () => void;
  /** Resolves when saved; a rejection (already reported) leaves the editor as it was. */
  onSave: (doc: PlaybookDoc) => Promise<void>;
  onDelete: (doc: PlaybookDoc) => void;
}

/** The playbook's Form and Code tabs (spec 001 'Spec editors'). */
export function PlaybookEditor(props: PlaybookEditorProps) {
  const { exists } = props;
  return (
    <SpecEditor<PlaybookDoc>
      initial={props.initial}
      exists={exists}
      readOnly={props.readOnly}
      canDelete={props.canDelete}
      validate={validatePlaybook}
      toYaml={playbookToYaml}
      fromYaml={yamlToPlaybook}
      fromCode={(parsed, current) =>
        exists ? { ...parsed, name: current.name, namespace: current.namespace } : parsed
      }
      errorsTitle="The playbook has errors"
      renderForm={(form) => <PlaybookForm {...form} />}
      onBack={props.onBack}
      onSave={props.onSave}
      onDelete={props.onDelete}
    />
  );
}
