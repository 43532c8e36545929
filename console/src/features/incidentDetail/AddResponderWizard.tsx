import {
  Button,
  Content,
  Form,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  Radio,
  Stack,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import { useMemo, useState } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { useToast } from '../../components/Toast/useToast';
import { createResponder, errorMessage, useInstances, useTeams, type NewResponder } from './api';
import { useDetail } from './context';
import { MESSAGES } from './messages';
import type { Incident, PersonRef, Team } from './model';
import {
  FIELD_LABELS,
  LONG_FIELDS,
  RESPONDER_FIELDS,
  clientOf,
  instanceForTeam,
  jiraChoices,
  plannerChoices,
  responderTypeLabel,
  stringFields,
  teamResponderTypes,
  templateData,
  type Choice,
} from './responderTypes';

type Step = 'select' | 'type' | 'form';

/** Fields that reset when another changes (the Jira and Planner cascades, §4.3). */
const RESETS: Record<string, Record<string, readonly string[]>> = {
  jira: { instance: ['project', 'issueType'], project: ['issueType'] },
  ms_planner: { instance: ['plan_id', 'bucket_id'], plan_id: ['bucket_id'] },
};

/** The field each pick depends on: it stays disabled until that one is chosen. */
const DEPENDS: Record<string, Record<string, string>> = {
  jira: { project: 'instance', issueType: 'project' },
  ms_planner: { plan_id: 'instance', bucket_id: 'plan_id' },
};

interface TeamFormState {
  /** What the user typed or picked; a field not in here shows its default. */
  edited: Record<string, string>;
  errors: Record<string, string>;
}

/** The values the form holds now: locked spec values, else edits, else templated defaults. */
export function useTeamForm(
  team: Team | undefined,
  typeKey: string | undefined,
  kind: string | undefined,
  incident: Incident,
  state: TeamFormState,
) {
  const instanceKind = kind === 'jira' || kind === 'ms_planner' ? kind : undefined;
  const { instances } = useInstances(instanceKind);
  return useMemo(() => {
    const client = clientOf(team, typeKey);
    const fields = kind ? (RESPONDER_FIELDS[kind] ?? []) : [];
    const data = templateData(incident, state.edited);
    const defaults = stringFields(client.defaults, data);
    const locked = stringFields(client.values, data);
    const autoInstance = team && instances ? instanceForTeam(instances, team.id)?.id : undefined;
    const values: Record<string, string> = {};
    for (const f of fields) {
      values[f] =
        locked[f] ??
        state.edited[f] ??
        (f === 'instance' ? (autoInstance ?? defaults[f]) : defaults[f]) ??
        '';
    }
    const instance = instances?.find((i) => i.id === values.instance);
    const choices: Record<string, Choice[]> = {};
    if (instances && instances.length > 0) {
      choices.instance = instances.map((i) => ({ value: i.id, label: i.name ?? i.id }));
    }
    // A list the instance has is a pick; what depends on a pick stays a (disabled) pick until
    // it is made. Without lists the fields are typed.
    if (kind === 'jira' && instance) {
      const c = jiraChoices(instance.config, values.project ?? '');
      if (c.projects.length > 0) {
        choices.project = c.projects;
        if (c.issueTypes.length > 0 || !values.project) choices.issueType = c.issueTypes;
      }
      if (c.priorities.length > 0) choices.priority = c.priorities;
    }
    if (kind === 'ms_planner' && instance) {
      const c = plannerChoices(instance.config, values.plan_id ?? '');
      if (c.plans.length > 0) {
        choices.plan_id = c.plans;
        if (c.buckets.length > 0 || !values.plan_id) choices.bucket_id = c.buckets;
      }
      if (c.priorities.length > 0) choices.priority = c.priorities;
    }
    return { fields, values, locked, choices };
  }, [team, typeKey, kind, incident, state.edited, instances]);
}

function FieldControl({
  kind,
  field,
  value,
  choices,
  locked,
  disabled,
  error,
  onChange,
}: {
  kind: string;
  field: string;
  value: string;
  choices: Choice[] | undefined;
  locked: boolean;
  disabled: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = `responder-${field}`;
  const label =
    field === 'instance'
      ? kind === 'jira'
        ? 'Jira Instance'
        : 'Microsoft Planner Instance'
      : (FIELD_LABELS[field] ?? field);
  const validated = error ? 'error' : 'default';
  let control;
  if (choices) {
    const known = choices.some((c) => c.value === value);
    control = (
      <FormSelect
        id={id}
        value={value}
        isDisabled={locked || disabled}
        validated={validated}
        onChange={(_e, v) => onChange(v)}
      >
        <FormSelectOption value="" label={`Select ${label.toLowerCase()}`} isPlaceholder />
        {!known && value && <FormSelectOption value={value} label={value} />}
        {choices.map((c) => (
          <FormSelectOption key={c.value} value={c.value} label={c.label} />
        ))}
      </FormSelect>
    );
  } else if (LONG_FIELDS.has(field)) {
    control = (
      <TextArea
        id={id}
        value={value}
        isDisabled={locked}
        validated={validated}
        onChange={(_e, v) => onChange(v)}
        rows={3}
      />
    );
  } else {
    control = (
      <TextInput
        id={id}
        value={value}
        isDisabled={locked}
        validated={validated}
        onChange={(_e, v) => onChange(v)}
      />
    );
  }
  return (
    <FormGroup label={label} isRequired fieldId={id}>
      {control}
      {error && (
        <FormHelperText>
          <HelperText>
            <HelperTextItem variant="error">{error}</HelperTextItem>
          </HelperText>
        </FormHelperText>
      )}
    </FormGroup>
  );
}

export interface AddResponderWizardProps {
  isOpen: boolean;
  onClose: () => void;
  onAdded: () => Promise<void> | void;
}

/**
 * The add-responder wizard (§4.3): 1 Select Responder (a team, or a person who is added at
 * once), 2 Responder Type (the team's configured kinds), 3 Save Team Responder (the kind's form
 * with the team's defaults and locked values). Starts over whenever it is closed.
 */
export function AddResponderWizard({ isOpen, onClose, onAdded }: AddResponderWizardProps) {
  const { incident, me, people } = useDetail();
  const { addToast } = useToast();
  const { teams } = useTeams(isOpen);
  const [step, setStep] = useState<Step>('select');
  const [teamId, setTeamId] = useState('');
  const [personId, setPersonId] = useState('');
  const [typeValue, setTypeValue] = useState('');
  const [form, setForm] = useState<TeamFormState>({ edited: {}, errors: {} });
  const [saving, setSaving] = useState(false);

  const team = teams?.find((t) => t.id === teamId);
  const person: PersonRef | undefined = people.find((p) => p.id === personId);
  const types = teamResponderTypes(team);
  const chosenType = types.find((t) => t.value === typeValue);
  const teamForm = useTeamForm(team, chosenType?.key, chosenType?.value, incident, form);

  const close = () => {
    setStep('select');
    setTeamId('');
    setPersonId('');
    setTypeValue('');
    setForm({ edited: {}, errors: {} });
    setSaving(false);
    onClose();
  };

  const save = async (body: NewResponder) => {
    setSaving(true);
    try {
      await createResponder(body, me.id);
      addToast({ variant: 'success', title: MESSAGES.responderAdded });
    } catch (e) {
      addToast({ variant: 'danger', title: errorMessage(e) });
    }
    close();
    await onAdded();
  };

  const addPerson = () => {
    if (!person) return;
    void save({
      type: 'person',
      incident_id: incident.id,
      team_id: null,
      person_id: person.id,
      properties: { responderType: 'person', person: person.id },
    });
  };

  const saveTeam = () => {
    if (!team || !chosenType) return;
    const errors: Record<string, string> = {};
    for (const f of teamForm.fields) {
      if (!teamForm.values[f]?.trim()) errors[f] = MESSAGES.invalidValue;
    }
    setForm((s) => ({ ...s, errors }));
    if (Object.keys(errors).length > 0) return;
    const fields = Object.fromEntries(teamForm.fields.map((f) => [f, teamForm.values[f] ?? '']));
    void save({
      type: 'system',
      incident_id: incident.id,
      team_id: team.id,
      person_id: null,
      properties: { responderType: chosenType.value, ...fields },
    });
  };

  const setField = (field: string, value: string) => {
    const kind = chosenType?.value ?? '';
    setForm((s) => {
      const edited = { ...s.edited, [field]: value };
      for (const reset of RESETS[kind]?.[field] ?? []) edited[reset] = '';
      const errors = Object.fromEntries(Object.entries(s.errors).filter(([k]) => k !== field));
      return { edited, errors };
    });
  };

  const title =
    step === 'select'
      ? 'Select Responder'
      : step === 'type'
        ? 'Select Responder Type'
        : `${responderTypeLabel(chosenType?.value)} Details`;

  const footer =
    step === 'select' ? (
      <>
        <Button isDisabled={!team} onClick={() => setStep('type')}>
          Next
        </Button>
        <Button
          variant={person ? 'primary' : 'secondary'}
          isDisabled={!person || saving}
          isLoading={saving}
          onClick={addPerson}
        >
          {saving ? 'Adding ...' : 'Add'}
        </Button>
      </>
    ) : step === 'type' ? (
      <>
        <Button isDisabled={!chosenType} onClick={() => setStep('form')}>
          Save
        </Button>
        <Button variant="secondary" onClick={() => setStep('select')}>
          Back
        </Button>
      </>
    ) : (
      <>
        <Button isDisabled={!chosenType || saving} isLoading={saving} onClick={saveTeam}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" isDisabled={saving} onClick={() => setStep('type')}>
          Back
        </Button>
      </>
    );

  return (
    <Dialog isOpen={isOpen} onClose={close} title={title} size="small" footer={footer}>
      {step === 'select' && (
        <Form onSubmit={(e) => e.preventDefault()}>
          <FormGroup label="Team" fieldId="responder-team">
            <FormSelect
              id="responder-team"
              value={teamId}
              onChange={(_e, v) => {
                setTeamId(v);
                setPersonId('');
                setTypeValue('');
                setForm({ edited: {}, errors: {} });
              }}
            >
              <FormSelectOption value="" label="Select a team" isPlaceholder />
              {(teams ?? []).map((t) => (
                <FormSelectOption key={t.id} value={t.id} label={t.name} />
              ))}
            </FormSelect>
          </FormGroup>
          <Content component="p" style={{ textAlign: 'center' }}>
            OR
          </Content>
          <FormGroup label="Person" fieldId="responder-person">
            <FormSelect
              id="responder-person"
              value={personId}
              onChange={(_e, v) => {
                setPersonId(v);
                setTeamId('');
              }}
            >
              <FormSelectOption value="" label="Select a person" isPlaceholder />
              {people.map((p) => (
                <FormSelectOption key={p.id} value={p.id} label={p.name} />
              ))}
            </FormSelect>
          </FormGroup>
        </Form>
      )}
      {step === 'type' && (
        <Stack hasGutter>
          <Content component="h3">Responder Types</Content>
          {types.length === 0 ? (
            <Content component="p">{MESSAGES.noTeamResponders}</Content>
          ) : (
            <div
              role="radiogroup"
              aria-label="Responder Types"
              data-scrolls={types.length > 6 ? 'true' : undefined}
              style={types.length > 6 ? { maxHeight: '18rem', overflowY: 'auto' } : undefined}
            >
              {types.map((t) => (
                <Radio
                  key={t.value}
                  id={`responder-type-${t.value}`}
                  name="responder-type"
                  label={t.label}
                  isChecked={typeValue === t.value}
                  onChange={() => {
                    setTypeValue(t.value);
                    setForm({ edited: {}, errors: {} });
                  }}
                />
              ))}
            </div>
          )}
        </Stack>
      )}
      {step === 'form' && chosenType && (
        <Form onSubmit={(e) => e.preventDefault()} aria-label={`${chosenType.label} responder`}>
          {teamForm.fields.map((f) => {
            const dependsOn = DEPENDS[chosenType.value]?.[f];
            return (
              <FieldControl
                key={f}
                kind={chosenType.value}
                field={f}
                value={teamForm.values[f] ?? ''}
                choices={teamForm.choices[f]}
                locked={f in teamForm.locked}
                disabled={Boolean(dependsOn && !teamForm.values[dependsOn])}
                error={form.errors[f]}
                onChange={(v) => setField(f, v)}
              />
            );
          })}
        </Form>
      )}
    </Dialog>
  );
}
