import {
  ActionGroup,
  Alert,
  Button,
  List,
  ListItem,
  Tab,
  TabTitleText,
  Tabs,
} from '@patternfly/react-core';
import { useState, type ReactNode } from 'react';
import { pathKey } from '../../lib/formRules';
import { setAt, type Path } from '../../lib/jsonDoc';
import { CodeView } from '../CodeView/CodeView';

/** What the Form tab gets to show and change the document with. */
export interface SpecFormProps<Doc> {
  doc: Doc;
  readOnly: boolean;
  /** Saved before: fields fixed once the resource exists (name, namespace) are read-only. */
  exists: boolean;
  /** The error to show at a path of the document, once the field was touched or saved. */
  error: (path: Path) => string | undefined;
  set: (path: Path, value: unknown) => void;
  touch: (path: Path) => void;
  update: (change: (doc: Doc) => Doc) => void;
}

export interface SpecEditorProps<Doc extends object> {
  initial: Doc;
  /** Saved before: the button reads Update, and Delete is offered. */
  exists: boolean;
  readOnly: boolean;
  canDelete: boolean;
  /** Every problem of the document, keyed by the dotted path of its field. */
  validate: (doc: Doc) => Record<string, string>;
  toYaml: (doc: Doc) => string;
  /** The Code tab's text as a document, or undefined when it is not one (it is then ignored). */
  fromYaml: (text: string) => Doc | undefined;
  /** Merges a document read from the Code tab into the current one (keeps fixed fields). */
  fromCode?: (parsed: Doc, current: Doc) => Doc;
  renderForm: (props: SpecFormProps<Doc>) => ReactNode;
  /** Shown above the tabs (e.g. the type). */
  header?: ReactNode;
  /** Shown above the code (e.g. why this one is edited as YAML only). */
  codeNote?: ReactNode;
  initialTab?: 'form' | 'code';
  /** The title of the error summary shown after a refused save. */
  errorsTitle: string;
  onBack: () => void;
  /** Resolves when saved; a rejection (already reported) leaves the editor as it was. */
  onSave: (doc: Doc) => Promise<void>;
  onDelete: (doc: Doc) => void;
}

type EditorTab = 'form' | 'code';

/**
 * The Form and Code tabs over one document (spec 001 "Spec editors"), with Back, Save (new) or
 * Update (existing) and Delete. The Code tab shows the document as YAML; what the user types
 * there replaces it as soon as it parses, and text that does not parse is ignored (§5).
 */
export function SpecEditor<Doc extends object>(props: SpecEditorProps<Doc>) {
  const { exists, readOnly } = props;
  const [doc, setDoc] = useState(props.initial);
  const [draft, setDraft] = useState<string>();
  const [tab, setTab] = useState<EditorTab>(props.initialTab ?? 'form');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);

  const errors = props.validate(doc);
  const errorList = Object.entries(errors);

  const touch = (path: Path) => {
    const key = pathKey(path);
    setTouched((t) => (t.has(key) ? t : new Set([...t, key])));
  };
  const update = (change: (doc: Doc) => Doc) => {
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
    const parsed = props.fromYaml(text);
    if (!parsed) return;
    const merge = props.fromCode;
    setDoc((current) => (merge ? merge(parsed, current) : parsed));
  };
  const draftInvalid = draft !== undefined && props.fromYaml(draft) === undefined;

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
      {props.header}
      {attempted && errorList.length > 0 && (
        <Alert variant="danger" isInline title={props.errorsTitle} style={{ marginBottom: 16 }}>
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
            {props.renderForm({ doc, readOnly, exists, error, set, touch, update })}
          </div>
        </Tab>
        <Tab eventKey="code" title={<TabTitleText>Code</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            {props.codeNote}
            <CodeView
              value={draft ?? props.toYaml(doc)}
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
