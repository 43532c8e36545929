import {
  FormGroup,
  FormSelect,
  FormSelectOption,
  Grid,
  GridItem,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import type { ConnectionField } from '@vigil/crds';
import { FieldError } from '../permissions/FieldError';
import type { FormErrors, SecretInput, SecretMode } from './model';

const MODES: { value: SecretMode; label: string }[] = [
  { value: 'static', label: 'Static value' },
  { value: 'secret', label: 'Secret reference' },
  { value: 'configmap', label: 'ConfigMap reference' },
];

export interface SecretFieldProps {
  field: ConnectionField;
  value: SecretInput;
  onChange: (value: SecretInput) => void;
  onBlur: () => void;
  errors: FormErrors;
  isDisabled?: boolean;
}

/**
 * A secret-valued field (spec 002 §3): a static value, or the name and key of a Kubernetes
 * Secret or ConfigMap. A stored static value is never shown: the field says it is set.
 */
export function SecretField({
  field,
  value,
  onChange,
  onBlur,
  errors,
  isDisabled,
}: SecretFieldProps) {
  const id = `connection-${field.key.replace(/\W/g, '-')}`;
  const placeholder = value.isSet ? '•••••••• (set: type to replace)' : (field.placeholder ?? '');
  const error = errors[field.key];
  return (
    <FormGroup label={field.label} isRequired={field.required} fieldId={id}>
      <Grid hasGutter>
        <GridItem span={4}>
          <FormSelect
            id={`${id}-mode`}
            aria-label={`${field.label} source`}
            value={value.mode}
            isDisabled={isDisabled}
            onChange={(_e, mode) => onChange({ ...value, mode: mode as SecretMode })}
          >
            {MODES.map((m) => (
              <FormSelectOption key={m.value} value={m.value} label={m.label} />
            ))}
          </FormSelect>
        </GridItem>
        <GridItem span={8}>
          {value.mode === 'static' ? (
            field.kind === 'secretText' ? (
              <TextArea
                id={id}
                aria-label={field.label}
                value={value.value}
                placeholder={placeholder}
                isDisabled={isDisabled}
                validated={error ? 'error' : 'default'}
                onChange={(_e, v) => onChange({ ...value, value: v })}
                onBlur={onBlur}
                resizeOrientation="vertical"
                autoComplete="off"
                spellCheck={false}
              />
            ) : (
              <TextInput
                id={id}
                aria-label={field.label}
                type="password"
                value={value.value}
                placeholder={placeholder}
                isDisabled={isDisabled}
                validated={error ? 'error' : 'default'}
                onChange={(_e, v) => onChange({ ...value, value: v })}
                onBlur={onBlur}
                autoComplete="new-password"
              />
            )
          ) : (
            <Grid hasGutter>
              <GridItem span={6}>
                <TextInput
                  id={`${id}-name`}
                  aria-label={`${field.label} ${value.mode === 'secret' ? 'Secret' : 'ConfigMap'} name`}
                  placeholder="name"
                  value={value.name}
                  isDisabled={isDisabled}
                  validated={errors[`${field.key}.name`] ? 'error' : 'default'}
                  onChange={(_e, name) => onChange({ ...value, name })}
                  onBlur={onBlur}
                />
                <FieldError text={errors[`${field.key}.name`]} />
              </GridItem>
              <GridItem span={6}>
                <TextInput
                  id={`${id}-key`}
                  aria-label={`${field.label} key`}
                  placeholder="key"
                  value={value.key}
                  isDisabled={isDisabled}
                  validated={errors[`${field.key}.key`] ? 'error' : 'default'}
                  onChange={(_e, key) => onChange({ ...value, key })}
                  onBlur={onBlur}
                />
                <FieldError text={errors[`${field.key}.key`]} />
              </GridItem>
            </Grid>
          )}
        </GridItem>
      </Grid>
      <FieldError text={error} />
    </FormGroup>
  );
}
