import {
  Button,
  Checkbox,
  Flex,
  FlexItem,
  Form,
  FormGroup,
  FormSection,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';
import type { SpecFormProps } from '../../components/SpecEditor/SpecEditor';
import {
  BasicField,
  HelperLine,
  MONO,
  asText,
  type FieldContext,
  type FieldDef,
} from '../../components/SpecForm/fields';
import { getAt, isObject, type Json } from '../../lib/jsonDoc';
import {
  CHECK_SEVERITIES,
  RULE_RESOURCES,
  RULE_STATUSES,
  TEMPLATE_DEFAULTS,
  TEMPLATE_SEVERITIES,
  TEMPLATE_TYPES,
  emailsOf,
  setToggle,
  toggleOn,
  withTimeout,
  type RuleDoc,
  type ToggleKey,
} from './document';

export interface RuleFormProps extends SpecFormProps<RuleDoc> {
  /** Where the rule comes from (UI for one made here); never edited (spec 001 §3). */
  source: string;
}

const ID = 'rule';

const FILTER: readonly FieldDef[] = [
  {
    kind: 'choices',
    path: ['spec', 'filter', 'resources'],
    label: 'Resources',
    options: RULE_RESOURCES,
    helper: 'None chosen: checks and components.',
  },
  {
    kind: 'choices',
    path: ['spec', 'filter', 'status'],
    label: 'Status',
    options: RULE_STATUSES,
    helper: 'The statuses that open an incident. None chosen: unhealthy.',
  },
  {
    kind: 'choices',
    path: ['spec', 'filter', 'severity'],
    label: 'Severity',
    options: CHECK_SEVERITIES,
    helper: 'Health check severities; a rule with a severity matches checks only.',
  },
  {
    kind: 'strings',
    path: ['spec', 'filter', 'type'],
    label: 'Type',
    placeholder: 'http',
    helper: 'Check or component types, one per line. None: every type.',
  },
  { kind: 'map', path: ['spec', 'filter', 'labels'], label: 'Labels' },
  {
    kind: 'text',
    path: ['spec', 'filter', 'age'],
    label: 'Age',
    placeholder: '5m',
    helper: 'How long a check must have been failing before an incident opens.',
  },
];

const TEMPLATE: readonly FieldDef[] = [
  {
    kind: 'text',
    path: ['spec', 'template', 'title'],
    label: 'Title',
    placeholder: TEMPLATE_DEFAULTS.title,
    helper:
      'A template over {{ .resource.name }}, .status, .type, .kind, .message, .namespace and {{ .rule.name }}.',
  },
  { kind: 'textarea', path: ['spec', 'template', 'description'], label: 'Description' },
  {
    kind: 'select',
    path: ['spec', 'template', 'type'],
    label: 'Type',
    options: TEMPLATE_TYPES,
    emptyLabel: 'Default (Availability)',
  },
  {
    kind: 'select',
    path: ['spec', 'template', 'severity'],
    label: 'Severity',
    options: TEMPLATE_SEVERITIES,
    emptyLabel: 'Default (Low)',
  },
];

const RESPONDERS: readonly FieldDef[] = [
  {
    kind: 'strings',
    path: ['spec', 'responders', 'person'],
    label: 'Person',
    helper: "One per line: a person's id, email or name.",
  },
  {
    kind: 'strings',
    path: ['spec', 'responders', 'team'],
    label: 'Team',
    helper: "One per line: a team's id or name.",
  },
];

/** The incident rule's form: every field the rule engine reads (ruleSpec.ts). */
export function RuleForm(props: RuleFormProps) {
  const { doc, readOnly, exists } = props;
  const ctx: FieldContext = {
    node: { name: doc.name, spec: doc.spec },
    idPrefix: ID,
    readOnly,
    set: props.set,
    touch: props.touch,
    error: props.error,
  };
  const nameError = props.error(['name']);
  const fields = (defs: readonly FieldDef[]) =>
    defs.map((def) => <BasicField key={def.path.join('.')} def={def} ctx={ctx} />);
  return (
    <Form onSubmit={(e) => e.preventDefault()} noValidate>
      <FormSection title="Incident Rule" titleElement="h2">
        <FormGroup label="Name" isRequired fieldId="rule-name">
          <TextInput
            id="rule-name"
            value={doc.name}
            validated={nameError ? 'error' : 'default'}
            readOnlyVariant={readOnly || exists ? 'default' : undefined}
            onBlur={() => props.touch(['name'])}
            onChange={(_e, v) => props.set(['name'], v)}
          />
          <HelperLine error={nameError} />
        </FormGroup>
        <FormGroup label="Source" fieldId="rule-source">
          <TextInput id="rule-source" value={props.source} readOnlyVariant="default" />
        </FormGroup>
        {fields([
          {
            kind: 'number',
            path: ['spec', 'priority'],
            label: 'Priority',
            placeholder: '0',
            helper: 'Rules run in ascending priority, then by name.',
          },
          {
            kind: 'bool',
            path: ['spec', 'breakOnMatch'],
            label: 'Break on match',
            helper: 'A resource this rule matches is left alone by later rules.',
          },
        ])}
      </FormSection>
      <FormSection title="Filter" titleElement="h2">
        {fields(FILTER)}
      </FormSection>
      <FormSection title="Template" titleElement="h2">
        {fields(TEMPLATE)}
      </FormSection>
      <FormSection title="Responders" titleElement="h2">
        {fields(RESPONDERS)}
        <EmailsField {...props} />
      </FormSection>
      <ToggleSection
        {...props}
        ctx={ctx}
        toggle="autoResolve"
        title="Auto Resolve"
        helper="Resolve the incident once every resource of it has been healthy for the timeout."
      />
      <ToggleSection
        {...props}
        ctx={ctx}
        toggle="autoClose"
        title="Auto Close"
        helper="Close the incident once it has been resolved for the timeout."
      />
    </Form>
  );
}

/** autoResolve / autoClose: on or off, and the timeout while on. */
function ToggleSection(
  props: RuleFormProps & { ctx: FieldContext; toggle: ToggleKey; title: string; helper: string },
) {
  const { toggle, readOnly } = props;
  const value = getAt(props.doc, ['spec', toggle]);
  const on = toggleOn(value);
  const timeout = ['spec', toggle, 'timeout'] as const;
  const ctx: FieldContext = {
    ...props.ctx,
    set: (_path, next) => {
      props.set(['spec', toggle], withTimeout(value, next));
      props.touch(timeout);
    },
  };
  return (
    <FormSection title={props.title} titleElement="h2">
      <FormGroup fieldId={`${ID}-${toggle}-enabled`}>
        <Checkbox
          id={`${ID}-${toggle}-enabled`}
          label="Enabled"
          description={props.helper}
          isChecked={on}
          isDisabled={readOnly}
          onChange={(_e, checked) => props.set(['spec', toggle], setToggle(value, checked))}
        />
      </FormGroup>
      {on && (
        <BasicField
          def={{ kind: 'text', path: timeout, label: 'Timeout', placeholder: '5m' }}
          ctx={ctx}
        />
      )}
    </FormSection>
  );
}

/** responders.email: who to write to, and what (the subject and body are templates). */
function EmailsField(props: RuleFormProps) {
  const { readOnly } = props;
  const path = ['spec', 'responders', 'email'] as const;
  const list: Json[] = emailsOf(getAt(props.doc, path)).map((e) => (isObject(e) ? e : {}));
  const put = (next: Json[]) => props.set(path, next.length > 0 ? next : undefined);
  const change = (i: number, key: string, value: string) =>
    put(
      list.map((e, j) => {
        if (j !== i) return e;
        const rest = Object.fromEntries(Object.entries(e).filter(([k]) => k !== key));
        return key === 'to' || value !== '' ? { ...rest, [key]: value } : rest;
      }),
    );
  return (
    <FormGroup label="Email" fieldId={`${ID}-email-add`} role="group">
      {list.map((email, i) => {
        const toError = props.error([...path, i, 'to']);
        const n = i + 1;
        return (
          <div key={i} style={{ marginBottom: 12 }}>
            <Flex spaceItems={{ default: 'spaceItemsSm' }}>
              <FlexItem grow={{ default: 'grow' }}>
                <TextInput
                  aria-label={`Email ${n} to`}
                  placeholder="To"
                  value={asText(email.to)}
                  validated={toError ? 'error' : 'default'}
                  readOnlyVariant={readOnly ? 'default' : undefined}
                  onBlur={() => props.touch([...path, i, 'to'])}
                  onChange={(_e, v) => change(i, 'to', v)}
                />
              </FlexItem>
              <FlexItem grow={{ default: 'grow' }}>
                <TextInput
                  aria-label={`Email ${n} subject`}
                  placeholder="Subject"
                  value={asText(email.subject)}
                  readOnlyVariant={readOnly ? 'default' : undefined}
                  onChange={(_e, v) => change(i, 'subject', v)}
                />
              </FlexItem>
              {!readOnly && (
                <FlexItem>
                  <Button
                    variant="plain"
                    aria-label={`Remove Email ${n}`}
                    onClick={() => put(list.filter((_, j) => j !== i))}
                    icon={<MinusCircleIcon />}
                  />
                </FlexItem>
              )}
            </Flex>
            <HelperLine error={toError} />
            <TextArea
              aria-label={`Email ${n} body`}
              placeholder="Body"
              value={asText(email.body)}
              style={{ ...MONO, marginTop: 4 }}
              autoResize
              resizeOrientation="vertical"
              readOnlyVariant={readOnly ? 'default' : undefined}
              onChange={(_e, v) => change(i, 'body', v)}
            />
          </div>
        );
      })}
      {!readOnly && (
        <Button
          id={`${ID}-email-add`}
          variant="link"
          isInline
          icon={<PlusCircleIcon />}
          onClick={() => put([...list, { to: '' }])}
        >
          Add Email
        </Button>
      )}
    </FormGroup>
  );
}
