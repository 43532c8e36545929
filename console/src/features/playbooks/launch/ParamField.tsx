import {
  Checkbox,
  FormGroup,
  FormSelect,
  FormSelectOption,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import { CodeView, type CodeViewProps } from '../../../components/CodeView/CodeView';
import { HelperLine, MONO } from '../../../components/SpecForm/fields';
import type { Parameter } from '../types';
import { paramProps } from './paramRules';
import { ResourcePicker } from './ResourcePicker';

/** Spec 001 §9: code editor sizes. */
const CODE_HEIGHTS: Record<string, number> = {
  'very-small': 120,
  small: 200,
  medium: 360,
  large: 540,
  full: 720,
};

const LANGUAGES: readonly NonNullable<CodeViewProps['language']>[] = [
  'yaml',
  'json',
  'shell',
  'plaintext',
];
const languageOf = (language: string | undefined): CodeViewProps['language'] => {
  const wanted = language?.toLowerCase() === 'bash' ? 'shell' : language?.toLowerCase();
  return LANGUAGES.find((l) => l === wanted) ?? (language ? 'plaintext' : 'yaml');
};

const PLACEHOLDERS: Partial<Record<string, string>> = {
  duration: 'e.g. 5m, 1h30m',
  bytes: 'e.g. 512Mi, 1G',
  millicores: 'e.g. 500m, 2',
};

export interface ParamFieldProps {
  param: Parameter;
  value: string;
  /** Shown once the field was touched. */
  error?: string;
  onChange: (value: string) => void;
  onTouch: () => void;
}

/** One parameter of the launch form with the control its type asks for. */
export function ParamField({ param, value, error, onChange, onTouch }: ParamFieldProps) {
  const id = `param-${param.name}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const label = param.label || param.name;
  const props = paramProps(param);
  const type = param.type ?? 'text';
  const validated = error ? ('error' as const) : ('default' as const);

  if (type === 'checkbox') {
    return (
      <FormGroup fieldId={id}>
        <Checkbox
          id={id}
          label={label}
          description={param.description}
          isChecked={value === 'true'}
          onChange={(_e, checked) => {
            onChange(String(checked));
            onTouch();
          }}
        />
      </FormGroup>
    );
  }

  let control;
  switch (type) {
    case 'code':
      control = (
        <div role="group" aria-label={label} onBlur={onTouch}>
          <CodeView
            value={value}
            language={languageOf(props.language)}
            readOnly={false}
            height={CODE_HEIGHTS[props.size ?? 'small'] ?? CODE_HEIGHTS.small}
            onChange={onChange}
          />
        </div>
      );
      break;
    case 'list':
      control = (
        <FormSelect
          id={id}
          value={value}
          validated={validated}
          onBlur={onTouch}
          onChange={(_e, v) => {
            onChange(v);
            onTouch();
          }}
        >
          <FormSelectOption value="" label="Select an option" isDisabled={param.required} />
          {props.options.map((o) => (
            <FormSelectOption key={o.value} value={o.value} label={o.label} />
          ))}
        </FormSelect>
      );
      break;
    case 'config':
    case 'configs':
    case 'check':
    case 'component':
    case 'people':
    case 'team':
      control = (
        <ResourcePicker
          id={id}
          label={label}
          kind={type === 'configs' ? 'config' : type}
          multiple={type === 'configs'}
          value={value}
          filter={param.properties?.filter}
          isInvalid={Boolean(error)}
          onChange={(v) => {
            onChange(v);
            onTouch();
          }}
          onTouch={onTouch}
        />
      );
      break;
    default:
      control =
        type === 'text' && props.multiline ? (
          <TextArea
            id={id}
            value={value}
            validated={validated}
            style={MONO}
            autoResize
            resizeOrientation="vertical"
            onBlur={onTouch}
            onChange={(_e, v) => onChange(v)}
          />
        ) : (
          <TextInput
            id={id}
            type={type === 'secret' ? 'password' : 'text'}
            autoComplete={type === 'secret' ? 'new-password' : 'off'}
            value={value}
            validated={validated}
            placeholder={PLACEHOLDERS[type]}
            onBlur={onTouch}
            onChange={(_e, v) => onChange(v)}
          />
        );
  }

  return (
    <FormGroup label={label} fieldId={id} isRequired={param.required}>
      {control}
      <HelperLine text={param.description} error={error} />
    </FormGroup>
  );
}
