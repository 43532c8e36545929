import {
  ActionGroup,
  Alert,
  Button,
  Content,
  Label,
  List,
  ListItem,
  Tab,
  TabTitleText,
  Tabs,
} from '@patternfly/react-core';
import { useState } from 'react';
import { CodeView } from '../../components/CodeView/CodeView';
import type { CheckType, Path } from './checkTypes';
import { CanaryForm } from './CanaryForm';
import { docToYaml, setAt, yamlToDoc, type CanaryDoc } from './document';
import { pathKey, validateDoc } from './validation';

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

type EditorTab = 'form' | 'code';

/**
 * The Form and Code tabs over one document (spec 001 "Spec editors"). The Code tab shows the
 * document as YAML; what the user types there replaces it as soon as it parses, and text that
 * does not parse is ignored (§5).
 */
export function CanaryEditor(props: CanaryEditorProps) {
  const { type, exists, readOnly } = props;
  const [doc, setDoc] = useState(props.initial);
  const [draft, setDraft] = useState<string>();
  const [tab, setTab] = useState<EditorTab>(type.form ? 'form' : 'code');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);

  const errors = validateDoc(doc);
  const errorList = Object.entries(errors);

  const touch = (path: Path) => {
    const key = pathKey(path);
    setTouched((t) => (t.has(key) ? t : new Set([...t, key])));
  };
  const update = (change: (doc: CanaryDoc) => CanaryDoc) => {
    setDoc(change);
    setDraft(undefined);
  };
  const set = (path: Path, value: unknown) => {
    update((d) => setAt(d, path, value));
    touch(path);
  };
  const error = (path: Path) => {
    const key = pathKey(path);
    return attempted || touched.has(key) ? errors[key] : undefined;
  };

  const typeCode = (text: string) => {
    setDraft(text);
    const parsed = yamlToDoc(text);
    if (!parsed) return;
    setDoc((current) =>
      exists ? { ...parsed, name: current.name, namespace: current.namespace } : parsed,
    );
  };
  const draftInvalid = draft !== undefined && yamlToDoc(draft) === undefined;

  const save = async () => {
    setAttempted(true);
    if (errorList.length > 0) return;
    setBusy(true);
    try {
      await props.onSave(doc);
    } catch {
      // The page has said why.
    } finally {
      setBusy(false);
    }
  };

  const saveLabel = exists ? (busy ? 'Updating' : 'Update') : busy ? 'Saving' : 'Save';

  return (
    <>
      <Content component="p">
        Type: <Label isCompact>{type.label}</Label>
      </Content>
      {attempted && errorList.length > 0 && (
        <Alert
          variant="danger"
          isInline
          title="The health check has errors"
          style={{ marginBottom: 16 }}
        >
          <List>
            {errorList.map(([key, message]) => (
              <ListItem key={key}>
                {key}: {message}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      <Tabs
        aria-label="Editor"
        activeKey={tab}
        onSelect={(_e, key) => setTab(key as EditorTab)}
        mountOnEnter
        unmountOnExit
      >
        <Tab eventKey="form" title={<TabTitleText>Form</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <CanaryForm
              doc={doc}
              type={type}
              readOnly={readOnly}
              exists={exists}
              error={error}
              set={set}
              touch={touch}
              update={update}
            />
          </div>
        </Tab>
        <Tab eventKey="code" title={<TabTitleText>Code</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            {!type.form && (
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
            )}
            <CodeView
              value={draft ?? docToYaml(doc)}
              language="yaml"
              readOnly={readOnly}
              height={480}
              onChange={typeCode}
            />
            {draftInvalid && (
              <Alert
                variant="warning"
                isInline
                isPlain
                title="This is not valid YAML; the last valid version is kept."
              />
            )}
          </div>
        </Tab>
      </Tabs>
      <ActionGroup style={{ marginTop: 24, display: 'flex', gap: 8 }}>
        <Button variant="secondary" onClick={props.onBack} isDisabled={busy}>
          Back
        </Button>
        {!readOnly && (
          <Button variant="primary" onClick={() => void save()} isLoading={busy} isDisabled={busy}>
            {saveLabel}
          </Button>
        )}
        {!readOnly && exists && props.canDelete && (
          <Button variant="danger" onClick={() => props.onDelete(doc)} isDisabled={busy}>
            Delete
          </Button>
        )}
      </ActionGroup>
    </>
  );
}
