import {
  Alert,
  Button,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Form,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Label,
  List,
  ListItem,
} from '@patternfly/react-core';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { EntityPicker } from './EntityPicker';
import {
  explainAccess,
  POLICY_ACTIONS,
  POLICY_OBJECTS,
  ruleLabel,
  type Explanation,
} from './explainApi';
import { FieldError } from './FieldError';
import { RESOURCE_KINDS, type EntityKind, type EntityRef } from './model';

export const NEEDS_TARGET = 'Choose an object or a resource';

const KINDS = RESOURCE_KINDS.filter((k) => k.kind !== 'object') as {
  kind: EntityKind;
  label: string;
}[];

export interface ExplainDialogProps {
  /** The signed-in person, asked about by default. */
  me: EntityRef;
  onClose: () => void;
}

function Result({ result }: { result: Explanation }) {
  const decided = result.rule
    ? `Permission ${ruleLabel(result.rule)} (${result.rule.deny ? 'deny' : 'allow'})`
    : result.allowed
      ? `Role ${result.grantingRoles.join(', ')}`
      : `Roles ${result.roles.join(', ')}: none grants it`;
  return (
    <div data-testid="explain-result" style={{ marginTop: 'var(--pf-t--global--spacer--lg)' }}>
      <Alert
        variant={result.allowed ? 'success' : 'danger'}
        isInline
        title={`${result.allowed ? 'Allowed' : 'Denied'}: ${result.reason}`}
      />
      <DescriptionList
        isCompact
        isHorizontal
        style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}
      >
        <DescriptionListGroup>
          <DescriptionListTerm>Person</DescriptionListTerm>
          <DescriptionListDescription>
            {result.person.name}
            {result.person.email ? ` (${result.person.email})` : ''}
          </DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>Roles</DescriptionListTerm>
          <DescriptionListDescription>{result.roles.join(', ')}</DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>Decided by</DescriptionListTerm>
          <DescriptionListDescription>{decided}</DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>Permissions that apply</DescriptionListTerm>
          <DescriptionListDescription>
            {result.matching.length === 0 ? (
              'None'
            ) : (
              <List isPlain>
                {result.matching.map((rule) => (
                  <ListItem key={rule.id ?? ruleLabel(rule)}>
                    <Label isCompact color={rule.deny ? 'red' : 'green'}>
                      {rule.deny ? 'Deny' : 'Allow'}
                    </Label>{' '}
                    {ruleLabel(rule)} ({rule.action})
                  </ListItem>
                ))}
              </List>
            )}
            {result.matching.some((r) => r.deny) && result.matching.some((r) => !r.deny) && (
              <div>A deny wins over any allow.</div>
            )}
          </DescriptionListDescription>
        </DescriptionListGroup>
        {result.denial && (
          <DescriptionListGroup>
            <DescriptionListTerm>API answer</DescriptionListTerm>
            <DescriptionListDescription>
              <code>403 {result.denial}</code>
            </DescriptionListDescription>
          </DescriptionListGroup>
        )}
      </DescriptionList>
    </div>
  );
}

/**
 * The access explain tool: pick a person, an action and an object (or a resource) and see the
 * decision with the role or Permission that made it (docs/operations.md).
 */
export function ExplainDialog({ me, onClose }: ExplainDialogProps) {
  const [person, setPerson] = useState<EntityRef | undefined>(me);
  const [object, setObject] = useState('');
  const [action, setAction] = useState<string>('read');
  const [kind, setKind] = useState<EntityKind | ''>('');
  const [resource, setResource] = useState<EntityRef>();
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Explanation>();
  const [failure, setFailure] = useState<string>();

  const personError = attempted && !person ? 'Choose a person' : undefined;
  const targetError = attempted && !object && !resource ? NEEDS_TARGET : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!person || (!object && !resource)) return;
    setBusy(true);
    setFailure(undefined);
    try {
      setResult(
        await explainAccess({
          personId: person.id,
          object,
          action,
          resource: kind && resource ? { kind, id: resource.id } : undefined,
        }),
      );
    } catch (e) {
      setResult(undefined);
      setFailure((e instanceof Error && e.message) || 'An error occurred');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Explain access"
      description="Why a person may or may not do something: the role or Permission that decides."
      size="medium"
      footer={
        <>
          <Button type="submit" form="explain-form" isLoading={busy} isDisabled={busy}>
            Explain
          </Button>
          <Button variant="link" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <Form id="explain-form" onSubmit={(e) => void submit(e)} noValidate>
        <FormGroup label="Person" isRequired fieldId="explain-person">
          <EntityPicker
            id="explain-person"
            aria-label="Person"
            kind="person"
            value={person}
            onChange={setPerson}
            isInvalid={Boolean(personError)}
          />
          <FieldError text={personError} />
        </FormGroup>
        <FormGroup label="Action" isRequired fieldId="explain-action">
          <FormSelect
            id="explain-action"
            value={action}
            onChange={(_e, v) => setAction(v)}
            aria-label="Action"
          >
            {POLICY_ACTIONS.map((a) => (
              <FormSelectOption key={a} value={a} label={a} />
            ))}
          </FormSelect>
        </FormGroup>
        <FormGroup label="Object" fieldId="explain-object">
          <FormSelect
            id="explain-object"
            value={object}
            onChange={(_e, v) => setObject(v)}
            aria-label="Object"
            validated={targetError ? 'error' : 'default'}
          >
            <FormSelectOption value="" label="The resource's own object" />
            {POLICY_OBJECTS.map((o) => (
              <FormSelectOption key={o} value={o} label={o} />
            ))}
          </FormSelect>
          <FieldError text={targetError} />
        </FormGroup>
        <FormGroup label="Resource (optional)" fieldId="explain-resource-kind">
          <FormSelect
            id="explain-resource-kind"
            value={kind}
            onChange={(_e, v) => {
              setKind(v as EntityKind | '');
              setResource(undefined);
            }}
            aria-label="Resource kind"
          >
            <FormSelectOption value="" label="None" />
            {KINDS.map((k) => (
              <FormSelectOption key={k.kind} value={k.kind} label={k.label} />
            ))}
          </FormSelect>
        </FormGroup>
        {kind && (
          <FormGroup label="Resource" fieldId="explain-resource">
            <EntityPicker
              key={kind}
              id="explain-resource"
              aria-label="Resource"
              kind={kind}
              value={resource}
              onChange={setResource}
            />
          </FormGroup>
        )}
      </Form>
      {failure && (
        <Alert
          variant="danger"
          isInline
          title={failure}
          style={{ marginTop: 'var(--pf-t--global--spacer--lg)' }}
        />
      )}
      {result && <Result result={result} />}
    </Dialog>
  );
}
