import {
  Form,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  Switch,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import type { ConnectionField } from '@vigil/crds';
import type { FormEvent } from 'react';
import { FieldError } from '../permissions/FieldError';
import {
  isSecret,
  visibleFields,
  type ConnectionFormValues,
  type FormErrors,
  type SecretInput,
} from './model';
import { SecretField } from './SecretField';

export interface ConnectionFormProps {
  id: string;
  values: ConnectionFormValues;
  onChange: (values: ConnectionFormValues) => void;
  /** Errors to show (touched fields, or all after a submit attempt). */
  errors: FormErrors;
  onTouch: (key: string) => void;
  onSubmit: (event: FormEvent) => void;
  isDisabled?: boolean;
}

const fieldId = (key: string) => `connection-${key.replace(/\W/g, '-')}`;

function Hint({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <FormHelperText>
      <HelperText>
        <HelperTextItem>{text}</HelperTextItem>
      </HelperText>
    </FormHelperText>
  );
}

/** The fields of one connection type, with its defaults (spec 002 §3 per-type table). */
export function ConnectionForm({
  id,
  values,
  onChange,
  errors,
  onTouch,
  onSubmit,
  isDisabled,
}: ConnectionFormProps) {
  const setField = (key: string, v: string | boolean) =>
    onChange({ ...values, fields: { ...values.fields, [key]: v } });
  const setSecret = (key: string, v: SecretInput) =>
    onChange({ ...values, secrets: { ...values.secrets, [key]: v } });

  const plainField = (f: ConnectionField) => {
    const fid = fieldId(f.key);
    const value = values.fields[f.key];
    const error = errors[f.key];
    const validated = error ? 'error' : 'default';
    let input;
    switch (f.kind) {
      case 'switch':
        return (
          <FormGroup key={f.key} fieldId={fid}>
            <Switch
              id={fid}
              label={f.label}
              isChecked={value === true}
              isDisabled={isDisabled}
              onChange={(_e, checked) => setField(f.key, checked)}
            />
            <Hint text={f.hint} />
          </FormGroup>
        );
      case 'select':
        input = (
          <FormSelect
            id={fid}
            value={String(value ?? '')}
            isDisabled={isDisabled}
            validated={validated}
            onChange={(_e, v) => setField(f.key, v)}
            onBlur={() => onTouch(f.key)}
          >
            {!f.default && <FormSelectOption value="" label="Select" isPlaceholder />}
            {(f.options ?? []).map((o) => (
              <FormSelectOption key={o} value={o} label={o} />
            ))}
          </FormSelect>
        );
        break;
      case 'textarea':
        input = (
          <TextArea
            id={fid}
            value={String(value ?? '')}
            isDisabled={isDisabled}
            validated={validated}
            placeholder={f.placeholder}
            onChange={(_e, v) => setField(f.key, v)}
            onBlur={() => onTouch(f.key)}
            resizeOrientation="vertical"
          />
        );
        break;
      default:
        input = (
          <TextInput
            id={fid}
            type={f.kind === 'number' ? 'number' : 'text'}
            value={String(value ?? '')}
            isDisabled={isDisabled}
            validated={validated}
            placeholder={f.placeholder}
            onChange={(_e, v) => setField(f.key, v)}
            onBlur={() => onTouch(f.key)}
          />
        );
    }
    return (
      <FormGroup key={f.key} label={f.label} isRequired={f.required} fieldId={fid}>
        {input}
        <Hint text={f.hint} />
        <FieldError text={error} />
      </FormGroup>
    );
  };

  return (
    <Form id={id} onSubmit={onSubmit} noValidate>
      <FormGroup label="Name" isRequired fieldId="connection-name">
        <TextInput
          id="connection-name"
          value={values.name}
          isDisabled={isDisabled}
          validated={errors.name ? 'error' : 'default'}
          onChange={(_e, name) => onChange({ ...values, name })}
          onBlur={() => onTouch('name')}
        />
        <FieldError text={errors.name} />
      </FormGroup>
      <FormGroup label="Namespace" fieldId="connection-namespace">
        <TextInput
          id="connection-namespace"
          value={values.namespace}
          isDisabled={isDisabled}
          onChange={(_e, namespace) => onChange({ ...values, namespace })}
        />
      </FormGroup>
      {visibleFields(values).map((f) =>
        isSecret(f) ? (
          <SecretField
            key={f.key}
            field={f}
            value={values.secrets[f.key] as SecretInput}
            onChange={(v) => setSecret(f.key, v)}
            onBlur={() => onTouch(f.key)}
            errors={errors}
            isDisabled={isDisabled}
          />
        ) : (
          plainField(f)
        ),
      )}
    </Form>
  );
}
