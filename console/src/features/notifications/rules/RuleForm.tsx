import {
  Form,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  Radio,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import type { FormEvent } from 'react';
import { FieldError } from '../../permissions/FieldError';
import { EventsSelect } from './EventsSelect';
import { RecipientFields } from './RecipientFields';
import { REPEAT_INTERVALS, type RuleErrors, type RuleFormValues } from './ruleModel';

export const RULE_FORM_ID = 'notification-rule-form';

const MONO = { fontFamily: 'var(--pf-t--global--font--family--mono)' } as const;

/** The rule's fields; submitting is the dialog's (its footer holds the Save button). */
export function RuleForm({
  values,
  onChange,
  errors,
  readOnly,
  onSubmit,
}: {
  values: RuleFormValues;
  onChange: (values: RuleFormValues) => void;
  errors: RuleErrors;
  readOnly: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const set = <K extends keyof RuleFormValues>(key: K, value: RuleFormValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <Form id={RULE_FORM_ID} onSubmit={onSubmit} noValidate>
      {/* A disabled fieldset turns every control inside read-only at once. */}
      <fieldset
        disabled={readOnly}
        style={{ border: 0, padding: 0, margin: 0, display: 'contents' }}
      >
        <FormGroup label="Events" isRequired fieldId="rule-events">
          <EventsSelect
            id="rule-events"
            value={values.events}
            isInvalid={Boolean(errors.events)}
            onChange={(events) => set('events', events)}
          />
          <FieldError text={errors.events} />
        </FormGroup>
        <FormGroup label="Title" fieldId="rule-title">
          <TextInput
            id="rule-title"
            value={values.title}
            onChange={(_e, title) => set('title', title)}
          />
        </FormGroup>
        <FormGroup label="Filter" fieldId="rule-filter">
          <TextArea
            id="rule-filter"
            value={values.filter}
            style={MONO}
            resizeOrientation="vertical"
            rows={2}
            placeholder='config.type == "Kubernetes::Pod"'
            onChange={(_e, filter) => set('filter', filter)}
          />
          <FormHelperText>
            <HelperText>
              <HelperTextItem>
                A CEL expression; the notification is sent when it is true.
              </HelperTextItem>
            </HelperText>
          </FormHelperText>
        </FormGroup>
        <RecipientFields values={values} onChange={onChange} error={errors.recipient} />
        <FormGroup label="Repeat Interval" fieldId="rule-repeat-interval">
          <FormSelect
            id="rule-repeat-interval"
            value={values.repeatInterval}
            onChange={(_e, repeatInterval) => set('repeatInterval', repeatInterval)}
          >
            <FormSelectOption value="" label="None" />
            {/* A value written elsewhere stays chosen. */}
            {values.repeatInterval &&
              !(REPEAT_INTERVALS as readonly string[]).includes(values.repeatInterval) && (
                <FormSelectOption value={values.repeatInterval} label={values.repeatInterval} />
              )}
            {REPEAT_INTERVALS.map((interval) => (
              <FormSelectOption key={interval} value={interval} label={interval} />
            ))}
          </FormSelect>
        </FormGroup>
        <FormGroup label="Template" role="radiogroup" isInline fieldId="rule-template-kind">
          <Radio
            id="rule-template-default"
            name="rule-template-kind"
            label="Default"
            isChecked={values.templateKind === 'default'}
            onChange={() => set('templateKind', 'default')}
          />
          <Radio
            id="rule-template-custom"
            name="rule-template-kind"
            label="Custom"
            isChecked={values.templateKind === 'custom'}
            onChange={() => set('templateKind', 'custom')}
          />
        </FormGroup>
        {values.templateKind === 'custom' && (
          <FormGroup label="Custom template" fieldId="rule-template">
            <TextArea
              id="rule-template"
              value={values.template}
              style={MONO}
              rows={8}
              resizeOrientation="vertical"
              placeholder="Markdown; Go templates such as {{.check.name}} are filled in."
              onChange={(_e, template) => set('template', template)}
            />
          </FormGroup>
        )}
        <FormGroup label="Properties" fieldId="rule-properties">
          <TextArea
            id="rule-properties"
            value={values.properties}
            style={MONO}
            rows={4}
            resizeOrientation="vertical"
            placeholder='{"slack.channel": "alerts"}'
            validated={errors.properties ? 'error' : 'default'}
            onChange={(_e, properties) => set('properties', properties)}
          />
          <FieldError text={errors.properties} />
        </FormGroup>
      </fieldset>
    </Form>
  );
}
