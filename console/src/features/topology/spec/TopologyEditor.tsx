import { SpecEditor } from '../../../components/SpecEditor/SpecEditor';
import {
  topologyToYaml,
  validateTopology,
  yamlToTopology,
  type TopologyDoc,
} from './topologyDocument';
import { TopologyForm } from './TopologyForm';

export interface TopologyEditorProps {
  initial: TopologyDoc;
  /** Saved before: the button reads Update and name and namespace are fixed. */
  exists: boolean;
  readOnly: boolean;
  canDelete: boolean;
  onBack: () => void;
  /** Resolves when saved; a rejection (already reported) leaves the editor as it was. */
  onSave: (doc: TopologyDoc) => Promise<void>;
  onDelete: (doc: TopologyDoc) => void;
}

/** The topology's Form and Code tabs (spec 001 'Spec editors'). */
export function TopologyEditor(props: TopologyEditorProps) {
  const { exists } = props;
  return (
    <SpecEditor<TopologyDoc>
      initial={props.initial}
      exists={exists}
      readOnly={props.readOnly}
      canDelete={props.canDelete}
      validate={validateTopology}
      toYaml={topologyToYaml}
      fromYaml={yamlToTopology}
      fromCode={(parsed, current) =>
        exists ? { ...parsed, name: current.name, namespace: current.namespace } : parsed
      }
      errorsTitle="The topology has errors"
      renderForm={(form) => <TopologyForm {...form} />}
      onBack={props.onBack}
      onSave={props.onSave}
      onDelete={props.onDelete}
    />
  );
}
