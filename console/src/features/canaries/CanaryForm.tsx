import {
  Alert,
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  Form,
  FormGroup,
  FormSection,
  FormSelect,
  FormSelectOption,
  TextInput,
} from '@patternfly/react-core';
import { PlusCircleIcon, TrashIcon } from '@patternfly/react-icons';
import type { SpecFormProps } from '../../components/SpecEditor/SpecEditor';
import { SCHEDULES, type CheckType } from './checkTypes';
import {
  addCheck,
  checksOf,
  moveCheck,
  otherCheckCount,
  removeCheck,
  type CanaryDoc,
  type CheckRef,
} from './document';
import { HelperLine, KeyValueEditor, type FieldContext } from '../../components/SpecForm/fields';
import { Field } from './fields';

/** Name and namespace are read-only once the canary exists (spec 001 §4). */
export interface CanaryFormProps extends SpecFormProps<CanaryDoc> {
  type: CheckType;
}

/** The schedules offered, plus the canary's own when it is not one of them. */
export function scheduleOptions(current: string): string[] {
  const list: string[] = [...SCHEDULES];
  if (current && !list.includes(current)) list.push(current);
  return list;
}

export function CanaryForm(props: CanaryFormProps) {
  const { doc, type, readOnly, exists } = props;
  const schedule = typeof doc.spec.schedule === 'string' ? doc.spec.schedule : '';
  const others = otherCheckCount(doc, type);
  const checks = type.form ? checksOf(doc, type) : [];
  const nameError = props.error(['name']);
  const fixed = readOnly || exists;
  return (
    <Form onSubmit={(e) => e.preventDefault()} noValidate>
      <FormSection title="Health Check" titleElement="h2">
        <FormGroup label="Name" isRequired fieldId="canary-name">
          <TextInput
            id="canary-name"
            value={doc.name}
            validated={nameError ? 'error' : 'default'}
            readOnlyVariant={fixed ? 'default' : undefined}
            onBlur={() => props.touch(['name'])}
            onChange={(_e, v) => props.set(['name'], v)}
          />
          <HelperLine error={nameError} />
        </FormGroup>
        <FormGroup label="Namespace" fieldId="canary-namespace">
          <TextInput
            id="canary-namespace"
            value={doc.namespace}
            placeholder="default"
            readOnlyVariant={fixed ? 'default' : undefined}
            onChange={(_e, v) => props.set(['namespace'], v)}
          />
        </FormGroup>
        <KeyValueEditor
          id="canary-labels"
          label="Labels"
          value={doc.labels}
          readOnly={readOnly}
          onChange={(labels) => props.set(['labels'], labels ?? {})}
        />
        <FormGroup label="Schedule" fieldId="canary-schedule">
          <FormSelect
            id="canary-schedule"
            value={schedule}
            isDisabled={readOnly}
            onChange={(_e, v) => props.set(['spec', 'schedule'], v === '' ? undefined : v)}
          >
            {!schedule && <FormSelectOption value="" label="Not scheduled" />}
            {scheduleOptions(schedule).map((s) => (
              <FormSelectOption key={s} value={s} label={s} />
            ))}
          </FormSelect>
        </FormGroup>
      </FormSection>

      {!type.form && (
        <Alert
          variant="info"
          isInline
          title={
            type.id === 'custom'
              ? 'Write the checks of this health check in the Code tab.'
              : `Vigil does not run ${type.label} checks yet. Edit them in the Code tab: they are saved as written, but they do not run.`
          }
        />
      )}
      {type.form && others > 0 && (
        <Alert
          variant="info"
          isInline
          title={`This health check also has ${others} other check${others === 1 ? '' : 's'}; edit ${others === 1 ? 'it' : 'them'} in the Code tab.`}
        />
      )}

      {checks.map((ref, n) => (
        <CheckCard key={`${ref.key}-${ref.index}`} {...props} checkRef={ref} position={n + 1} />
      ))}
      {type.form && !readOnly && (
        <div>
          <Button
            variant="secondary"
            icon={<PlusCircleIcon />}
            onClick={() => props.update((d) => addCheck(d, type))}
          >
            Add {type.label} check
          </Button>
        </div>
      )}
    </Form>
  );
}

function CheckCard(props: CanaryFormProps & { checkRef: CheckRef; position: number }) {
  const { type, readOnly, checkRef: ref } = props;
  const idPrefix = `check-${ref.key}-${ref.index}`;
  const ctx: FieldContext = {
    node: ref.check,
    idPrefix,
    readOnly,
    set: (path, value) => props.set([...ref.path, ...path], value),
    touch: (path) => props.touch([...ref.path, ...path]),
    error: (path) => props.error([...ref.path, ...path]),
  };
  const title = `${type.label} check ${props.position}`;
  return (
    <Card isCompact component="section" aria-label={title}>
      <CardHeader
        actions={
          readOnly
            ? undefined
            : {
                actions: (
                  <Button
                    variant="plain"
                    aria-label={`Remove ${title}`}
                    icon={<TrashIcon />}
                    onClick={() => props.update((d) => removeCheck(d, ref))}
                  />
                ),
              }
        }
      >
        <CardTitle component="h3">
          {title}
          {typeof ref.check.name === 'string' && ref.check.name ? `: ${ref.check.name}` : ''}
        </CardTitle>
      </CardHeader>
      <CardBody>
        {type.keys.length > 1 && (
          <FormGroup label="Database" fieldId={`${idPrefix}-database`}>
            <FormSelect
              id={`${idPrefix}-database`}
              value={ref.key}
              isDisabled={readOnly}
              onChange={(_e, key) => props.update((d) => moveCheck(d, ref, key))}
            >
              {type.keys.map((key, i) => (
                <FormSelectOption key={key} value={key} label={type.keyLabels?.[i] ?? key} />
              ))}
            </FormSelect>
          </FormGroup>
        )}
        <div style={{ display: 'grid', gap: 'var(--pf-t--global--spacer--md)' }}>
          {type.fields.map((def) => (
            <Field key={`${def.kind}:${def.path.join('.')}`} def={def} ctx={ctx} />
          ))}
        </div>
      </CardBody>
    </Card>
  );
}
