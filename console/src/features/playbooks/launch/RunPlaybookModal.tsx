import {
  Alert,
  Button,
  Content,
  Form,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Skeleton,
} from '@patternfly/react-core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { Dialog } from '../../../components/Dialog/Dialog';
import { errorText } from '../../../lib/settingsResource';
import { configDetailKey } from '../../configDetail/api';
import { isConfigRunsKey } from '../../configDetail/playbooks/api';
import { runPath } from '../paths';
import { isRunListKey } from '../runs/api';
import { runsFromText, selectorKinds } from '../selectors';
import { playbookTitle, type Parameter, type RunResource } from '../types';
import { startRun, useRunParams, useRunnablePlaybooks } from './api';
import { initialValues, runParams, validateParams, type ParamValues } from './paramRules';
import { ParamField } from './ParamField';

export const RUN_PLAYBOOK_TITLE = 'Run Playbook';
export const NO_PARAMETERS = 'No parameters for this playbook.';
export const SELECT_RESOURCE = 'Please select a resource to see the parameters.';
export const NO_RUNNABLE = 'No playbooks can run against this resource.';

/** A playbook chosen before the form opens (a menu item, a card of /playbooks). */
export interface ChosenPlaybook {
  id: string;
  name: string;
  title?: string | null;
  /** Its spec, when known: playbooks with resource selectors need a resource. */
  spec?: unknown;
}

export interface RunPlaybookModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** What the run is about; none for a playbook without selectors. */
  resource?: RunResource;
  playbook?: ChosenPlaybook;
}

/**
 * The playbook launch form (spec 001 §2 'Playbook launch'): the playbooks that can run against
 * the resource, then the chosen one's parameters; Run starts it and opens the run.
 */
export function RunPlaybookModal(props: RunPlaybookModalProps) {
  // Each opening starts afresh.
  return props.isOpen ? <LaunchDialog {...props} /> : null;
}

function LaunchDialog({ onClose, resource, playbook }: RunPlaybookModalProps) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [playbookId, setPlaybookId] = useState(playbook?.id);
  const runnable = useRunnablePlaybooks(resource);
  const needsResource = !resource && selectorKinds(playbook?.spec).length > 0;
  const { params, error, isLoading } = useRunParams(
    needsResource ? undefined : playbookId,
    resource,
  );
  const [values, setValues] = useState<ParamValues>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [valuesFor, setValuesFor] = useState<Parameter[]>();
  const [pending, setPending] = useState(false);
  const [runError, setRunError] = useState<string>();
  // New parameters (another playbook) start from their defaults.
  if (params && valuesFor !== params) {
    setValuesFor(params);
    setValues(initialValues(params));
    setTouched(new Set());
    setRunError(undefined);
  }

  const errors = params ? validateParams(params, values) : {};
  const canRun =
    Boolean(playbookId) && params !== undefined && Object.keys(errors).length === 0 && !pending;
  const touch = (name: string) => setTouched((t) => (t.has(name) ? t : new Set([...t, name])));

  const run = async () => {
    if (!playbookId || !params) return;
    setPending(true);
    setRunError(undefined);
    try {
      const started = await startRun(playbookId, resource, runParams(params, values));
      // Lists that hold the new run are read again, however recently they were read.
      void mutate(isRunListKey);
      if (resource?.kind === 'config') {
        // The config's Playbooks badge counts its runs: one more now.
        void mutate(configDetailKey(resource.id));
        void mutate(isConfigRunsKey(resource.id));
      }
      onClose();
      void navigate(runPath(started.run_id));
    } catch (e) {
      setRunError(errorText(e));
      setPending(false);
    }
  };

  let body;
  if (!playbookId) body = null;
  else if (needsResource) {
    body = (
      <Alert variant="info" isInline isPlain title={SELECT_RESOURCE}>
        {runsFromText(selectorKinds(playbook?.spec))}
      </Alert>
    );
  } else if (isLoading) body = <Skeleton height="6rem" screenreaderText="Loading parameters" />;
  else if (error) body = <Alert variant="danger" isInline title={errorText(error)} />;
  else if (params && params.length === 0) body = <Content component="p">{NO_PARAMETERS}</Content>;
  else if (params) {
    body = params.map((param) => (
      <ParamField
        key={param.name}
        param={param}
        value={values[param.name] ?? ''}
        error={touched.has(param.name) ? errors[param.name] : undefined}
        onChange={(value) => setValues((v) => ({ ...v, [param.name]: value }))}
        onTouch={() => touch(param.name)}
      />
    ));
  }

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={RUN_PLAYBOOK_TITLE}
      size="medium"
      footer={
        <>
          <Button
            variant="primary"
            isDisabled={!canRun}
            isLoading={pending}
            onClick={() => void run()}
          >
            {pending ? 'Running...' : 'Run'}
          </Button>
          <Button variant="link" onClick={onClose} isDisabled={pending}>
            Cancel
          </Button>
        </>
      }
    >
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (canRun) void run();
        }}
      >
        {resource ? (
          <PlaybookChoice
            runnable={runnable}
            value={playbookId}
            onChange={(id) => setPlaybookId(id || undefined)}
          />
        ) : (
          playbook && (
            <FormGroup label="Playbook" fieldId="run-playbook-title">
              <Content component="p" id="run-playbook-title">
                {playbookTitle(playbook)}
              </Content>
            </FormGroup>
          )
        )}
        {body}
        {runError && <Alert variant="danger" isInline title={runError} />}
      </Form>
    </Dialog>
  );
}

function PlaybookChoice({
  runnable,
  value,
  onChange,
}: {
  runnable: ReturnType<typeof useRunnablePlaybooks>;
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  const { playbooks, error, isLoading } = runnable;
  if (isLoading) return <Skeleton height="2.5rem" screenreaderText="Loading playbooks" />;
  if (error) return <Alert variant="danger" isInline title={errorText(error)} />;
  if (!playbooks || playbooks.length === 0) return <Content component="p">{NO_RUNNABLE}</Content>;
  return (
    <FormGroup label="Playbook" fieldId="run-playbook" isRequired>
      <FormSelect id="run-playbook" value={value ?? ''} onChange={(_e, id) => onChange(id)}>
        <FormSelectOption value="" label="Select a playbook" isDisabled />
        {playbooks.map((p) => (
          <FormSelectOption key={p.id} value={p.id} label={playbookTitle(p)} />
        ))}
      </FormSelect>
    </FormGroup>
  );
}
