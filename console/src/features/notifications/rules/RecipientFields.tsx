import {
  FormGroup,
  FormSelect,
  FormSelectOption,
  Radio,
  TextInput,
  ToggleGroup,
  ToggleGroupItem,
} from '@patternfly/react-core';
import { ResourcePicker } from '../../playbooks/launch/ResourcePicker';
import { FieldError } from '../../permissions/FieldError';
import { connectionRef, useConnections } from './api';
import {
  withOthersKind,
  withRecipientKind,
  type RecipientKind,
  type RuleFormValues,
} from './ruleModel';

const KINDS: readonly { kind: RecipientKind; label: string }[] = [
  { kind: 'person', label: 'Person' },
  { kind: 'team', label: 'Team' },
  { kind: 'others', label: 'Others' },
];

function ConnectionSelect({
  value,
  onChange,
  isInvalid,
}: {
  value: string;
  onChange: (ref: string) => void;
  isInvalid: boolean;
}) {
  const { connections, error } = useConnections();
  const refs = (connections ?? []).map((c) => ({ ref: connectionRef(c), connection: c }));
  const known = refs.some((r) => r.ref === value);
  return (
    <>
      <FormSelect
        id="rule-connection"
        aria-label="Connection"
        value={value}
        validated={isInvalid ? 'error' : 'default'}
        onChange={(_e, ref) => onChange(ref)}
      >
        <FormSelectOption
          value=""
          label={connections || error ? 'Select a connection' : 'Loading connections…'}
          isPlaceholder
        />
        {/* A rule may name a connection this list does not hold (yet, or by id). */}
        {value && !known && <FormSelectOption value={value} label={value} />}
        {refs.map(({ ref, connection }) => (
          <FormSelectOption
            key={connection.id}
            value={ref}
            label={connection.type ? `${connection.name} (${connection.type})` : connection.name}
          />
        ))}
      </FormSelect>
      {error && <FieldError text={`Connections could not be loaded: ${error.message}`} />}
    </>
  );
}

/** Whom the rule notifies: exactly one of a person, a team or others (a connection or URL). */
export function RecipientFields({
  values,
  onChange,
  error,
}: {
  values: RuleFormValues;
  onChange: (values: RuleFormValues) => void;
  error?: string;
}) {
  const invalid = Boolean(error);
  return (
    <FormGroup label="Recipient" isRequired fieldId="rule-recipient">
      <ToggleGroup aria-label="Recipient">
        {KINDS.map(({ kind, label }) => (
          <ToggleGroupItem
            key={kind}
            text={label}
            buttonId={`rule-recipient-${kind}`}
            isSelected={values.recipientKind === kind}
            onChange={() => onChange(withRecipientKind(values, kind))}
          />
        ))}
      </ToggleGroup>
      <div style={{ marginTop: 'var(--pf-t--global--spacer--sm)' }}>
        {values.recipientKind === 'person' && (
          <ResourcePicker
            key="person"
            id="rule-person"
            label="Person"
            kind="people"
            value={values.personId}
            isInvalid={invalid}
            onChange={(personId) => onChange({ ...values, personId })}
          />
        )}
        {values.recipientKind === 'team' && (
          <ResourcePicker
            key="team"
            id="rule-team"
            label="Team"
            kind="team"
            value={values.teamId}
            isInvalid={invalid}
            onChange={(teamId) => onChange({ ...values, teamId })}
          />
        )}
        {values.recipientKind === 'others' && (
          <>
            <div style={{ display: 'flex', gap: 'var(--pf-t--global--spacer--md)' }}>
              <Radio
                id="rule-others-connection"
                name="rule-others-kind"
                label="Connection"
                isChecked={values.othersKind === 'connection'}
                onChange={() => onChange(withOthersKind(values, 'connection'))}
              />
              <Radio
                id="rule-others-url"
                name="rule-others-kind"
                label="URL"
                isChecked={values.othersKind === 'url'}
                onChange={() => onChange(withOthersKind(values, 'url'))}
              />
            </div>
            <div style={{ marginTop: 'var(--pf-t--global--spacer--sm)' }}>
              {values.othersKind === 'connection' ? (
                <ConnectionSelect
                  value={values.connection}
                  isInvalid={invalid}
                  onChange={(connection) => onChange({ ...values, connection })}
                />
              ) : (
                <TextInput
                  id="rule-url"
                  aria-label="URL"
                  placeholder="slack://token@channel, smtp://…"
                  value={values.url}
                  validated={invalid ? 'error' : 'default'}
                  onChange={(_e, url) => onChange({ ...values, url })}
                />
              )}
            </div>
          </>
        )}
      </div>
      <FieldError text={error} />
    </FormGroup>
  );
}
