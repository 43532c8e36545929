import {
  Button,
  Form,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { Dialog } from '../../components/Dialog/Dialog';
import { useToast } from '../../components/Toast/useToast';
import { createHypothesis, createIncident, searchPeople } from './api';
import {
  newIncidentForm,
  toNewIncident,
  validateIncident,
  type IncidentFormValues,
} from './incidentForm';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  errorText,
  type Choice,
  type IncidentRow,
} from './model';
import { Picker } from './Picker';
import { incidentPath } from './urlState';

export const CREATE_INCIDENT_TITLE = 'Create New Incident';

export function FieldError({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <FormHelperText>
      <HelperText>
        <HelperTextItem variant="error">{text}</HelperTextItem>
      </HelperText>
    </FormHelperText>
  );
}

export function ChoiceField(props: {
  id: string;
  label: string;
  value: string;
  choices: readonly Choice[];
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormGroup label={props.label} isRequired fieldId={props.id}>
      <FormSelect
        id={props.id}
        value={props.value}
        validated={props.error ? 'error' : 'default'}
        onChange={(_event, value) => props.onChange(value)}
      >
        {props.choices.map((choice) => (
          <FormSelectOption key={choice.value} value={choice.value} label={choice.label} />
        ))}
      </FormSelect>
      <FieldError text={props.error} />
    </FormGroup>
  );
}

export interface CreateIncidentModalProps {
  onClose: () => void;
  /** Defaults to opening the new incident. */
  onCreated?: (incident: IncidentRow) => void;
}

/**
 * Create New Incident (spec 000 §2.5). Mount it only while open: every opening starts from the
 * defaults. A refused create leaves the modal open with the server's message in a toast.
 */
export function CreateIncidentModal({ onClose, onCreated }: CreateIncidentModalProps) {
  const { whoami } = useSession();
  const { addToast } = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState<IncidentFormValues>(newIncidentForm);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = validateIncident(values);
  const shown = attempted ? errors : {};
  const set = (patch: Partial<IncidentFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(errors).length > 0 || busy) return;
    setBusy(true);
    let incident: IncidentRow;
    try {
      incident = await createIncident(toNewIncident(values), whoami.user.id);
    } catch (error) {
      addToast({ variant: 'danger', title: errorText(error) });
      setBusy(false);
      return;
    }
    // The Action Plan grows from a root hypothesis, as for incidents opened by incident rules.
    // The incident exists either way, so a failure here is only logged.
    try {
      await createHypothesis(
        { incident_id: incident.id, title: incident.title, type: 'root', status: 'possible' },
        whoami.user.id,
      );
    } catch (error) {
      console.error('Creating the root hypothesis failed', error);
    }
    if (onCreated) onCreated(incident);
    else void navigate(incidentPath(incident.id));
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={CREATE_INCIDENT_TITLE}
      size="small"
      canExpand={false}
      footer={
        <>
          <Button type="submit" form="create-incident-form" isLoading={busy} isDisabled={busy}>
            Create
          </Button>
          <Button variant="link" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <Form id="create-incident-form" onSubmit={(e) => void submit(e)} noValidate>
        <FormGroup label="Title" isRequired fieldId="incident-title">
          <TextInput
            id="incident-title"
            value={values.title}
            validated={shown.title ? 'error' : 'default'}
            onChange={(_e, title) => set({ title })}
          />
          <FieldError text={shown.title} />
        </FormGroup>
        <FormGroup label="Description" fieldId="incident-description">
          <TextArea
            id="incident-description"
            value={values.description}
            resizeOrientation="vertical"
            onChange={(_e, description) => set({ description })}
          />
        </FormGroup>
        <ChoiceField
          id="incident-type"
          label="Type"
          value={values.type}
          choices={INCIDENT_TYPES}
          error={shown.type}
          onChange={(type) => set({ type })}
        />
        <ChoiceField
          id="incident-severity"
          label="Severity"
          value={values.severity}
          choices={INCIDENT_SEVERITIES}
          error={shown.severity}
          onChange={(severity) => set({ severity })}
        />
        <ChoiceField
          id="incident-status"
          label="Status"
          value={values.status}
          choices={INCIDENT_STATUSES}
          error={shown.status}
          onChange={(status) => set({ status })}
        />
        <FormGroup label="Commander" fieldId="incident-commander">
          <Picker
            id="incident-commander"
            aria-label="Commander"
            placeholder="Search by name"
            value={values.commander}
            load={searchPeople}
            onChange={(commander) => set({ commander })}
          />
        </FormGroup>
        <FormGroup label="Communicator" fieldId="incident-communicator">
          <Picker
            id="incident-communicator"
            aria-label="Communicator"
            placeholder="Search by name"
            value={values.communicator}
            load={searchPeople}
            onChange={(communicator) => set({ communicator })}
          />
        </FormGroup>
      </Form>
    </Dialog>
  );
}
