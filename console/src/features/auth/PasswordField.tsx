import {
  FormGroup,
  FormHelperText,
  HelperText,
  HelperTextItem,
  TextInput,
} from '@patternfly/react-core';
import { PASSWORD_HINT, passwordProblem } from './passwordRule';

export interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Show the length problem (after a submit attempt) instead of the hint. */
  showProblem?: boolean;
}

/** A new-password field that states the length rule. */
export function PasswordField({ id, label, value, onChange, showProblem }: PasswordFieldProps) {
  const problem = showProblem ? passwordProblem(value) : undefined;
  return (
    <FormGroup label={label} isRequired fieldId={id}>
      <TextInput
        id={id}
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(_e, v) => onChange(v)}
        validated={problem ? 'error' : 'default'}
        isRequired
      />
      <FormHelperText>
        <HelperText>
          <HelperTextItem variant={problem ? 'error' : 'default'}>
            {problem ?? PASSWORD_HINT}
          </HelperTextItem>
        </HelperText>
      </FormHelperText>
    </FormGroup>
  );
}
