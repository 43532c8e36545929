import {
  Alert,
  Button,
  Card,
  CardHeader,
  CardTitle,
  Content,
  Gallery,
  SearchInput,
  Tab,
  TabTitleText,
  Tabs,
} from '@patternfly/react-core';
import { connectionType } from '@vigil/crds';
import { useState, type FormEvent } from 'react';
import { DataTable } from '../../components/DataTable/DataTable';
import { Dialog } from '../../components/Dialog/Dialog';
import { SourceLink } from '../../components/SourceLink/SourceLink';
import { permissionColumns } from '../permissions/permissionColumns';
import {
  TEST_SUCCESS,
  TEST_UNSUPPORTED,
  testConnection,
  useConnectionPermissions,
  type TestResult,
} from './api';
import { ConnectionForm } from './ConnectionForm';
import {
  ADDABLE_TYPES,
  emptyForm,
  isEditable,
  referenceOf,
  typeLabel,
  validateConnection,
  type ConnectionFormValues,
  type FormErrors,
} from './model';

export interface ConnectionDialogProps {
  /** The stored connection (Edit); none to add one. */
  initial?: ConnectionFormValues;
  /** Write on connections: Save and Delete. */
  canWrite: boolean;
  /** Write on connections: Test (it uses the stored secrets; the server asks update). */
  canTest: boolean;
  /** Resolves when saved; a rejection keeps the dialog open (the page has said why). */
  onSubmit: (values: ConnectionFormValues) => Promise<void>;
  onDelete?: () => void;
  onClose: () => void;
}

function TypeChooser({ onChoose }: { onChoose: (type: string) => void }) {
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const types = ADDABLE_TYPES.filter(
    (t) => !term || t.label.toLowerCase().includes(term) || t.type.includes(term),
  );
  return (
    <>
      <SearchInput
        aria-label="Search connection types"
        placeholder="Search connection types"
        value={search}
        onChange={(_e, v) => setSearch(v)}
        onClear={() => setSearch('')}
      />
      <Gallery hasGutter minWidths={{ default: '10rem' }} style={{ marginTop: '1rem' }}>
        {types.map((t) => (
          <Card key={t.type} isCompact isClickable>
            <CardHeader
              selectableActions={{
                onClickAction: () => onChoose(t.type),
                selectableActionAriaLabel: t.label,
              }}
            >
              <CardTitle>{t.label}</CardTitle>
            </CardHeader>
          </Card>
        ))}
      </Gallery>
      {types.length === 0 && <Content component="p">No connection type matches.</Content>}
    </>
  );
}

function TestResultDialog({ result, onClose }: { result: TestResult; onClose: () => void }) {
  const success = result.kind === 'success';
  const text =
    result.kind === 'success'
      ? TEST_SUCCESS
      : result.kind === 'unsupported'
        ? TEST_UNSUPPORTED
        : result.message;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={success ? 'Test succeeded' : 'Test failed'}
      size="small"
      canExpand={false}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <Alert
        isInline
        isPlain
        variant={success ? 'success' : result.kind === 'unsupported' ? 'info' : 'danger'}
        title={success ? TEST_SUCCESS : result.kind === 'unsupported' ? TEST_UNSUPPORTED : 'Error'}
      >
        {result.kind === 'error' && (
          <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</pre>
        )}
      </Alert>
    </Dialog>
  );
}

function PermissionsTab({ id }: { id: string }) {
  const { rows, error, isLoading } = useConnectionPermissions(id);
  return (
    <>
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="connection-permissions"
        aria-label="Permissions of this connection"
        columns={permissionColumns(undefined)}
        rows={rows ?? []}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        emptyText="No permissions name this connection"
      />
    </>
  );
}

/** Visible errors: fields touched so far, or all of them after a save attempt. */
function shownErrors(errors: FormErrors, touched: Set<string>, attempted: boolean): FormErrors {
  if (attempted) return errors;
  const out: FormErrors = {};
  for (const [k, v] of Object.entries(errors))
    if (touched.has(k) || touched.has(k.replace(/\.(name|key)$/, ''))) out[k] = v;
  return out;
}

/**
 * Add (choose a type, then fill in its form) or Edit a connection; Edit has a Permissions tab
 * and a Test button (spec 002 §4). Mount it only while open: it starts fresh.
 */
export function ConnectionDialog({
  initial,
  canWrite,
  canTest,
  onSubmit,
  onDelete,
  onClose,
}: ConnectionDialogProps) {
  const [values, setValues] = useState<ConnectionFormValues | undefined>(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState<string | number>('connection');
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult>();
  const editing = Boolean(initial?.id);
  const editable = canWrite && isEditable(initial ?? {});

  const choose = (type: string) => {
    setValues(emptyForm(type));
    setTouched(new Set());
    setAttempted(false);
  };

  const errors = values ? validateConnection(values) : {};
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!values || !editable) return;
    setAttempted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(values);
    } catch {
      setBusy(false);
    }
  };

  const test = async () => {
    if (!initial?.id) return;
    setTesting(true);
    try {
      setResult(await testConnection(initial.id));
    } finally {
      setTesting(false);
    }
  };

  const type = values ? connectionType(values.type) : undefined;
  const title = !values
    ? 'Add Connection'
    : `${editing ? 'Edit' : 'Add'} ${typeLabel(values.type)} Connection`;

  const form = values && (
    <>
      {initial && !isEditable(initial) && (
        <Alert
          isInline
          variant="info"
          title="This connection was not made in the console; change it where it comes from."
        >
          Source: <SourceLink row={{ source: initial.source ?? null }} />
        </Alert>
      )}
      {editing && (
        <Content component="p">
          Referred to as <code>{referenceOf(values)}</code>
        </Content>
      )}
      <ConnectionForm
        id="connection-form"
        values={values}
        onChange={setValues}
        errors={shownErrors(errors, touched, attempted)}
        onTouch={(key) => setTouched((t) => new Set(t).add(key))}
        onSubmit={(e) => void submit(e)}
        isDisabled={!editable || busy}
      />
    </>
  );

  const footer = values ? (
    <>
      {editable && (
        <Button type="submit" form="connection-form" isLoading={busy} isDisabled={busy}>
          Save
        </Button>
      )}
      {editing && canTest && type?.testable && (
        <Button
          variant="secondary"
          onClick={() => void test()}
          isLoading={testing}
          isDisabled={testing}
        >
          Test
        </Button>
      )}
      {editing && editable && onDelete && (
        <Button variant="danger" onClick={onDelete}>
          Delete
        </Button>
      )}
      {!editing && (
        <Button variant="secondary" onClick={() => setValues(undefined)}>
          Back
        </Button>
      )}
      <Button variant="link" onClick={onClose}>
        Cancel
      </Button>
    </>
  ) : (
    <Button variant="link" onClick={onClose}>
      Cancel
    </Button>
  );

  return (
    <Dialog isOpen onClose={onClose} title={title} size="medium" footer={footer}>
      {!values ? (
        <TypeChooser onChoose={choose} />
      ) : editing && initial?.id ? (
        <Tabs
          activeKey={tab}
          onSelect={(_e, key) => setTab(key)}
          aria-label="Connection"
          mountOnEnter
        >
          <Tab eventKey="connection" title={<TabTitleText>Connection</TabTitleText>}>
            <div style={{ paddingTop: '1rem' }}>{form}</div>
          </Tab>
          <Tab eventKey="permissions" title={<TabTitleText>Permissions</TabTitleText>}>
            <div style={{ paddingTop: '1rem' }}>
              <PermissionsTab id={initial.id} />
            </div>
          </Tab>
        </Tabs>
      ) : (
        form
      )}
      {result && <TestResultDialog result={result} onClose={() => setResult(undefined)} />}
    </Dialog>
  );
}
