import {
  Checkbox,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  TextArea,
  TextInput,
  ToggleGroup,
  ToggleGroupItem,
} from '@patternfly/react-core';
import { ResourcePicker } from '../../playbooks/launch/ResourcePicker';
import { FieldError } from '../../permissions/FieldError';
import { useCanaryName } from './api';
import {
  CUSTOM_DURATION,
  PICKABLE_KINDS,
  SILENCE_DURATIONS,
  withKind,
  type SilenceErrors,
  type SilenceFormValues,
  type SilenceKind,
} from './silenceModel';

const PICKER_KIND = { config: 'config', component: 'component', check: 'check' } as const;

function CanaryField({ id }: { id: string }) {
  const name = useCanaryName(id);
  return <TextInput id="silence-resource" aria-label="Canary" value={name || id} readOnly />;
}

/** The silence's fields, shared by the add page and the edit dialog. */
export function SilenceFields({
  values,
  onChange,
  errors,
}: {
  values: SilenceFormValues;
  onChange: (values: SilenceFormValues) => void;
  errors: SilenceErrors;
}) {
  const set = <K extends keyof SilenceFormValues>(key: K, value: SilenceFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const kinds =
    values.kind === 'canary'
      ? [...PICKABLE_KINDS, { kind: 'canary' as const, label: 'Canary' }]
      : PICKABLE_KINDS;
  const kindLabel = kinds.find((k) => k.kind === values.kind)?.label ?? '';
  return (
    <>
      <FormGroup label="Resource" isRequired fieldId="silence-resource">
        <div style={{ display: 'flex', gap: 'var(--pf-t--global--spacer--sm)' }}>
          <div style={{ flex: '0 0 12rem' }}>
            <FormSelect
              id="silence-resource-kind"
              aria-label="Resource type"
              value={values.kind}
              onChange={(_e, kind) => onChange(withKind(values, kind as SilenceKind))}
            >
              {kinds.map(({ kind, label }) => (
                <FormSelectOption key={kind} value={kind} label={label} />
              ))}
            </FormSelect>
          </div>
          <div style={{ flex: 1 }}>
            {values.kind === 'canary' ? (
              <CanaryField id={values.resourceId} />
            ) : (
              // Keyed by kind: a new kind starts a new search.
              <ResourcePicker
                key={values.kind}
                id="silence-resource"
                label={kindLabel}
                kind={PICKER_KIND[values.kind]}
                value={values.resourceId}
                isInvalid={Boolean(errors.resource)}
                onChange={(resourceId) => set('resourceId', resourceId)}
              />
            )}
          </div>
        </div>
        <FieldError text={errors.resource} />
      </FormGroup>
      <FormGroup label="Duration" isRequired fieldId="silence-duration">
        <ToggleGroup aria-label="Duration">
          {[...SILENCE_DURATIONS, CUSTOM_DURATION].map((duration) => (
            <ToggleGroupItem
              key={duration}
              text={duration === CUSTOM_DURATION ? 'Custom' : duration}
              buttonId={`silence-duration-${duration}`}
              isSelected={values.duration === duration}
              onChange={() => set('duration', duration)}
            />
          ))}
        </ToggleGroup>
        <FieldError text={errors.duration} />
        {values.duration && values.duration !== CUSTOM_DURATION && (
          <FormHelperText>
            <HelperText>
              <HelperTextItem>From now, for {values.duration}.</HelperTextItem>
            </HelperText>
          </FormHelperText>
        )}
      </FormGroup>
      {values.duration === CUSTOM_DURATION && (
        <div style={{ display: 'flex', gap: 'var(--pf-t--global--spacer--md)' }}>
          <FormGroup label="From" isRequired fieldId="silence-from" style={{ flex: 1 }}>
            <TextInput
              id="silence-from"
              type="datetime-local"
              value={values.from}
              validated={errors.from ? 'error' : 'default'}
              onChange={(_e, from) => set('from', from)}
            />
            <FieldError text={errors.from} />
          </FormGroup>
          <FormGroup label="Until" isRequired fieldId="silence-until" style={{ flex: 1 }}>
            <TextInput
              id="silence-until"
              type="datetime-local"
              value={values.until}
              validated={errors.until ? 'error' : 'default'}
              onChange={(_e, until) => set('until', until)}
            />
            <FieldError text={errors.until} />
          </FormGroup>
        </div>
      )}
      <FormGroup fieldId="silence-recursive">
        <Checkbox
          id="silence-recursive"
          label="Recursive"
          description="Also silence notifications for the resource's children."
          isChecked={values.recursive}
          onChange={(_e, recursive) => set('recursive', recursive)}
        />
      </FormGroup>
      <FormGroup label="Reason" fieldId="silence-description">
        <TextArea
          id="silence-description"
          value={values.description}
          resizeOrientation="vertical"
          onChange={(_e, description) => set('description', description)}
        />
      </FormGroup>
      <FormGroup label="Filter" fieldId="silence-filter">
        <TextArea
          id="silence-filter"
          value={values.filter}
          rows={2}
          resizeOrientation="vertical"
          style={{ fontFamily: 'var(--pf-t--global--font--family--mono)' }}
          placeholder='check.name == "api-health"'
          onChange={(_e, filter) => set('filter', filter)}
        />
        <FormHelperText>
          <HelperText>
            <HelperTextItem>
              Optional CEL expression: only events for which it is true are silenced.
            </HelperTextItem>
          </HelperText>
        </FormHelperText>
      </FormGroup>
    </>
  );
}
