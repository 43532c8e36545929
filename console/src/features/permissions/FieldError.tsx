import { FormHelperText, HelperText, HelperTextItem } from '@patternfly/react-core';

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
