import {
  FormGroup,
  FormSelect,
  FormSelectOption,
  Radio,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { EntityPicker } from './EntityPicker';
import { FieldError } from './FieldError';
import {
  GLOBAL_OBJECTS,
  RESOURCE_KINDS,
  withResourceKind,
  withSubjectKind,
  type PermissionFormValues,
  type ResourceKind,
  type SubjectKind,
} from './model';

export interface TargetFieldsProps {
  values: PermissionFormValues;
  onChange: (values: PermissionFormValues) => void;
  errors: { resource?: string; subject?: string };
}

/** What the permission is about (resource) and whom it is for (subject). */
export function TargetFields({ values, onChange, errors }: TargetFieldsProps) {
  const kindLabel = RESOURCE_KINDS.find((k) => k.kind === values.resourceKind)?.label ?? '';
  return (
    <>
      <FormGroup label="Resource" isRequired fieldId="permission-resource-kind">
        <Stack hasGutter>
          <StackItem>
            <FormSelect
              id="permission-resource-kind"
              aria-label="Resource type"
              value={values.resourceKind}
              onChange={(_e, kind) => onChange(withResourceKind(values, kind as ResourceKind))}
            >
              {RESOURCE_KINDS.map(({ kind, label }) => (
                <FormSelectOption key={kind} value={kind} label={label} />
              ))}
            </FormSelect>
          </StackItem>
          <StackItem>
            {values.resourceKind === 'object' ? (
              <FormSelect
                id="permission-object"
                aria-label="Global object"
                value={values.object}
                validated={errors.resource ? 'error' : 'default'}
                onChange={(_e, object) => onChange({ ...values, object })}
              >
                <FormSelectOption value="" label="Select an object" isPlaceholder />
                {GLOBAL_OBJECTS.map((object) => (
                  <FormSelectOption key={object} value={object} label={object} />
                ))}
              </FormSelect>
            ) : (
              // Keyed by kind: a new kind starts a new search.
              <EntityPicker
                key={values.resourceKind}
                id="permission-resource"
                aria-label={kindLabel}
                kind={values.resourceKind}
                value={values.resource}
                isInvalid={Boolean(errors.resource)}
                onChange={(resource) => onChange({ ...values, resource })}
              />
            )}
          </StackItem>
        </Stack>
        <FieldError text={errors.resource} />
      </FormGroup>
      <FormGroup label="Subject" isRequired role="radiogroup" isInline fieldId="permission-subject">
        {(['team', 'person'] as const).map((kind: SubjectKind) => (
          <Radio
            key={kind}
            id={`permission-subject-${kind}`}
            name="permission-subject-kind"
            label={kind === 'team' ? 'Team' : 'Person'}
            isChecked={values.subjectKind === kind}
            onChange={() => onChange(withSubjectKind(values, kind))}
          />
        ))}
      </FormGroup>
      <FormGroup
        label={values.subjectKind === 'team' ? 'Team' : 'Person'}
        isRequired
        fieldId="permission-subject"
      >
        <EntityPicker
          key={values.subjectKind}
          id="permission-subject"
          aria-label={values.subjectKind === 'team' ? 'Team' : 'Person'}
          kind={values.subjectKind}
          value={values.subject}
          isInvalid={Boolean(errors.subject)}
          onChange={(subject) => onChange({ ...values, subject })}
        />
        <FieldError text={errors.subject} />
      </FormGroup>
    </>
  );
}
