import {
  Form,
  FormGroup,
  FormSection,
  FormSelect,
  FormSelectOption,
  Switch,
  TextInput,
} from '@patternfly/react-core';
import type { FormEvent } from 'react';
import { HelperLine, KeyValueEditor } from '../../components/SpecForm/fields';
import { KUBERNETES_INTERVALS, type AgentErrors, type AgentFormValues } from './agentModel';

export const AGENT_FORM_ID = 'agent-form';
const ID = 'agent';

export interface AgentFormProps {
  values: AgentFormValues;
  onChange: (values: AgentFormValues) => void;
  errors: AgentErrors;
  /** Once created an agent keeps its name: it is how the agent signs in. */
  nameReadOnly: boolean;
  readOnly: boolean;
  onSubmit: (event: FormEvent) => void;
}

/** An agent's name, properties, and what it collects and pushes (server contract: spec). */
export function AgentForm({
  values,
  onChange,
  errors,
  nameReadOnly,
  readOnly,
  onSubmit,
}: AgentFormProps) {
  const set = (patch: Partial<AgentFormValues>) => onChange({ ...values, ...patch });
  return (
    <Form id={AGENT_FORM_ID} onSubmit={onSubmit} noValidate>
      <FormGroup label="Name" isRequired fieldId={`${ID}-name`}>
        <TextInput
          id={`${ID}-name`}
          value={values.name}
          isRequired
          validated={errors.name ? 'error' : 'default'}
          readOnlyVariant={nameReadOnly || readOnly ? 'default' : undefined}
          onChange={(_e, name) => set({ name })}
        />
        <HelperLine
          text={
            nameReadOnly ? 'The name cannot be changed.' : 'Lower-case letters, digits and dashes.'
          }
          error={errors.name}
        />
      </FormGroup>
      <KeyValueEditor
        id={`${ID}-properties`}
        label="Properties"
        value={values.properties}
        readOnly={readOnly}
        onChange={(properties) => set({ properties })}
      />
      <HelperLine text="Labels added to everything the agent creates." />
      <FormSection title="Kubernetes" titleElement="h3">
        <Switch
          id={`${ID}-kubernetes`}
          label="Scrape the agent's cluster"
          isChecked={values.kubernetesEnabled}
          isDisabled={readOnly}
          onChange={(_e, on) => set({ kubernetesEnabled: on })}
        />
        <FormGroup label="Interval" fieldId={`${ID}-interval`}>
          <FormSelect
            id={`${ID}-interval`}
            value={values.kubernetesInterval}
            isDisabled={readOnly || !values.kubernetesEnabled}
            onChange={(_e, kubernetesInterval) => set({ kubernetesInterval })}
          >
            {KUBERNETES_INTERVALS.map((interval) => (
              <FormSelectOption key={interval} value={interval} label={interval} />
            ))}
          </FormSelect>
        </FormGroup>
      </FormSection>
      <FormSection title="Push telemetry" titleElement="h3">
        <Switch
          id={`${ID}-push-telemetry`}
          label="Push telemetry"
          isChecked={values.pushTelemetryEnabled}
          isDisabled={readOnly}
          onChange={(_e, on) => set({ pushTelemetryEnabled: on })}
        />
        <FormGroup label="Topology name" fieldId={`${ID}-topology-name`}>
          <TextInput
            id={`${ID}-topology-name`}
            value={values.topologyName}
            readOnlyVariant={readOnly ? 'default' : undefined}
            isDisabled={!readOnly && !values.pushTelemetryEnabled}
            onChange={(_e, topologyName) => set({ topologyName })}
          />
        </FormGroup>
      </FormSection>
    </Form>
  );
}
