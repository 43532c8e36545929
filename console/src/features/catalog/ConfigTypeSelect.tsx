import { FormSelect, FormSelectOption } from '@patternfly/react-core';

/** One config type or all of them; a type in the URL that the list lacks stays selectable. */
export function ConfigTypeSelect(props: {
  value: string;
  types: readonly string[];
  onChange: (type: string) => void;
}) {
  const types =
    props.value && !props.types.includes(props.value) ? [props.value, ...props.types] : props.types;
  return (
    <FormSelect
      aria-label="Config Type"
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
      style={{ minWidth: '12rem' }}
    >
      <FormSelectOption value="" label="All types" />
      {types.map((type) => (
        <FormSelectOption key={type} value={type} label={type} />
      ))}
    </FormSelect>
  );
}
