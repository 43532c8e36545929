import {
  ActionList,
  ActionListItem,
  Alert,
  Bullseye,
  Button,
  Content,
  DrawerActions,
  DrawerCloseButton,
  DrawerHead,
  DrawerPanelBody,
  DrawerPanelContent,
  Spinner,
  Title,
} from '@patternfly/react-core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useToast } from '../../components/Toast/useToast';
import { errorText } from '../../lib/settingsResource';
import {
  EMPTY_AGENT,
  fromAgent,
  toPayload,
  validateAgent,
  type AgentFormValues,
  type AgentRow,
  type GeneratedAgent,
} from './agentModel';
import { AgentForm, AGENT_FORM_ID } from './AgentForm';
import { createAgent, deleteAgent, updateAgent, useAgent } from './api';
import { DeleteAgentDialogs } from './DeleteAgentDialogs';
import { ADD_AGENT, AGENT_CREATED, AGENT_DELETED, AGENT_UPDATED } from './messages';

export interface AgentDrawerProps {
  /** The agent to edit, or undefined to create one. */
  id?: string;
  /** The agent's row when the page shows it; otherwise it is read by id. */
  row?: AgentRow;
  canWrite: boolean;
  onClose: () => void;
  /** After a create, save or delete: the list reloads. */
  onChanged: () => void;
  /** After a create: the installation instructions, the only place the token is shown. */
  onCreated: (agent: GeneratedAgent) => void;
}

/** The side panel of /agents: ?addAgent=true creates an agent, ?id= edits one. */
export function AgentDrawer(props: AgentDrawerProps) {
  const { id, row } = props;
  const { agent, error, isLoading } = useAgent(id && !row ? id : '');
  const current = row ?? agent;
  if (!id || current) {
    return (
      <AgentEditor
        // Another agent starts a fresh form.
        key={id ?? 'new'}
        {...props}
        initial={current ? fromAgent(current) : EMPTY_AGENT}
      />
    );
  }
  return (
    <Panel title="Agent" onClose={props.onClose}>
      <DrawerPanelBody>
        {isLoading ? (
          <Bullseye>
            <Spinner aria-label="Loading" />
          </Bullseye>
        ) : (
          <Alert
            variant={error ? 'danger' : 'warning'}
            isInline
            title={error ? errorText(error) : 'Agent not found'}
          />
        )}
      </DrawerPanelBody>
    </Panel>
  );
}

function Panel({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <DrawerPanelContent widths={{ default: 'width_50' }} aria-label={title}>
      <DrawerHead>
        <Title headingLevel="h2">{title}</Title>
        <DrawerActions>
          <DrawerCloseButton onClick={onClose} />
        </DrawerActions>
      </DrawerHead>
      {children}
    </DrawerPanelContent>
  );
}

function AgentEditor({
  id,
  canWrite,
  onClose,
  onChanged,
  onCreated,
  initial,
}: AgentDrawerProps & { initial: AgentFormValues }) {
  const { addToast } = useToast();
  const isNew = !id;
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const [created, setCreated] = useState<GeneratedAgent>();
  const errors = validateAgent(values);
  const shown = attempted ? errors : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canWrite || created) return;
    setAttempted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const payload = toPayload(values);
      if (id) {
        await updateAgent(id, payload);
        addToast({ variant: 'success', title: AGENT_UPDATED });
        onChanged();
        onClose();
      } else {
        setCreated(await createAgent(values.name.trim(), payload));
        addToast({ variant: 'success', title: AGENT_CREATED });
        onChanged();
      }
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (cleanup: boolean) => {
    if (!id) return;
    try {
      await deleteAgent(id, cleanup);
      addToast({ variant: 'success', title: AGENT_DELETED });
      setDeleting(false);
      onChanged();
      onClose();
    } catch (e) {
      addToast({ variant: 'danger', title: errorText(e) });
    }
  };

  // The token exists only in this answer: leaving after a create still shows the instructions.
  const close = created ? () => onCreated(created) : onClose;
  const title = isNew ? ADD_AGENT : values.name;

  if (created) {
    return (
      <Panel title={title} onClose={close}>
        <DrawerPanelBody>
          <Alert variant="success" isInline title={`The agent ${created.name} was created`}>
            Next, install it where it is to run: the instructions hold its access token.
          </Alert>
        </DrawerPanelBody>
        <DrawerPanelBody>
          <Button onClick={close}>Next</Button>
        </DrawerPanelBody>
      </Panel>
    );
  }

  return (
    <Panel title={title} onClose={onClose}>
      <DrawerPanelBody>
        {failure && (
          <Alert variant="danger" isInline title={failure} style={{ marginBottom: 16 }} />
        )}
        {!canWrite && (
          <Content component="p" style={{ marginBottom: 16 }}>
            You can view this agent but not change it.
          </Content>
        )}
        <AgentForm
          values={values}
          onChange={setValues}
          errors={shown}
          nameReadOnly={!isNew}
          readOnly={!canWrite}
          onSubmit={(e) => void submit(e)}
        />
      </DrawerPanelBody>
      <DrawerPanelBody>
        <ActionList>
          {canWrite && (
            <ActionListItem>
              <Button type="submit" form={AGENT_FORM_ID} isLoading={busy} isDisabled={busy}>
                {isNew ? 'Create' : 'Save'}
              </Button>
            </ActionListItem>
          )}
          {canWrite && !isNew && (
            <ActionListItem>
              <Button variant="danger" isDisabled={busy} onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </ActionListItem>
          )}
          <ActionListItem>
            <Button variant="link" onClick={onClose}>
              {canWrite ? 'Cancel' : 'Close'}
            </Button>
          </ActionListItem>
        </ActionList>
      </DrawerPanelBody>
      {deleting && (
        <DeleteAgentDialogs
          name={values.name}
          onDelete={remove}
          onClose={() => setDeleting(false)}
        />
      )}
    </Panel>
  );
}
