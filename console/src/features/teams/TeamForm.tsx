import {
  Button,
  Flex,
  FlexItem,
  FormGroup,
  FormSelect,
  FormSelectOption,
  TextInput,
} from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';
import type { SpecFormProps } from '../../components/SpecEditor/SpecEditor';
import { HelperLine } from '../../components/SpecForm/fields';
import type { ResourceDoc } from '../settings/resourceDocument';
import { IconField, ResourceFormShell } from '../settings/ResourceForm';
import { useConnections, type ConnectionOption } from './api';
import {
  channelKind,
  channelsOf,
  connectionRef,
  switchChannel,
  type ChannelKind,
  type TeamChannel,
} from './teamDocument';

const ID = 'team';

function ConnectionInput(props: {
  id: string;
  value: string;
  readOnly: boolean;
  invalid: boolean;
  connections: ConnectionOption[] | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { connections } = props;
  // Without the list (no read on connections) the reference is typed.
  if (!connections || props.readOnly) {
    return (
      <TextInput
        id={props.id}
        aria-label="Connection"
        placeholder="connection://namespace/name"
        value={props.value}
        validated={props.invalid ? 'error' : 'default'}
        readOnlyVariant={props.readOnly ? 'default' : undefined}
        onBlur={props.onBlur}
        onChange={(_e, v) => props.onChange(v)}
      />
    );
  }
  const options = connections.map((c) => ({
    value: connectionRef(c.namespace, c.name),
    label: `${c.namespace || 'default'}/${c.name}${c.type ? ` (${c.type})` : ''}`,
  }));
  const known = options.some((o) => o.value === props.value);
  return (
    <FormSelect
      id={props.id}
      aria-label="Connection"
      value={props.value}
      validated={props.invalid ? 'error' : 'default'}
      onBlur={props.onBlur}
      onChange={(_e, v) => props.onChange(v)}
    >
      <FormSelectOption value="" label="Choose a connection" isPlaceholder />
      {props.value && !known && <FormSelectOption value={props.value} label={props.value} />}
      {options.map((o) => (
        <FormSelectOption key={o.value} value={o.value} label={o.label} />
      ))}
    </FormSelect>
  );
}

/**
 * Where notifications for the team go (teams.spec.notifications): connections or Shoutrrr URLs.
 * With none, the team's members are e-mailed.
 */
function ChannelsField(props: SpecFormProps<ResourceDoc>) {
  const channels = channelsOf(props.doc);
  const connections = useConnections();
  const path = ['spec', 'notifications'];
  const write = (next: TeamChannel[]) => props.set(path, next.length > 0 ? next : undefined);
  const change = (i: number, channel: TeamChannel) =>
    write(channels.map((c, j) => (j === i ? channel : c)));
  return (
    <FormGroup label="Notifications" fieldId={`${ID}-notifications-add`} role="group">
      <HelperLine text="Where notifications for the team are sent. With none, its members are e-mailed. A URL is stored in the team's spec, which everyone who can read teams can read: keep secrets in a connection." />
      {channels.map((channel, i) => {
        const kind = channelKind(channel);
        const fieldPath = [...path, i, kind];
        const error = props.error(fieldPath);
        const value = typeof channel[kind] === 'string' ? (channel[kind] as string) : '';
        const inputId = `${ID}-notifications-${i}-${kind}`;
        return (
          <div key={i} style={{ marginTop: 8 }}>
            <Flex
              spaceItems={{ default: 'spaceItemsSm' }}
              alignItems={{ default: 'alignItemsFlexStart' }}
            >
              <FlexItem>
                <FormSelect
                  aria-label={`Notification ${i + 1} kind`}
                  value={kind}
                  isDisabled={props.readOnly}
                  onChange={(_e, v) => change(i, switchChannel(channel, v as ChannelKind))}
                >
                  <FormSelectOption value="connection" label="Connection" />
                  <FormSelectOption value="url" label="URL" />
                </FormSelect>
              </FlexItem>
              <FlexItem grow={{ default: 'grow' }}>
                {kind === 'connection' ? (
                  <ConnectionInput
                    id={inputId}
                    value={value}
                    readOnly={props.readOnly}
                    invalid={Boolean(error)}
                    connections={connections}
                    onBlur={() => props.touch(fieldPath)}
                    onChange={(v) => change(i, { ...channel, connection: v })}
                  />
                ) : (
                  <TextInput
                    id={inputId}
                    aria-label="URL"
                    placeholder="slack://token@channel"
                    value={value}
                    validated={error ? 'error' : 'default'}
                    readOnlyVariant={props.readOnly ? 'default' : undefined}
                    onBlur={() => props.touch(fieldPath)}
                    onChange={(_e, v) => change(i, { ...channel, url: v })}
                  />
                )}
                <HelperLine error={error} />
              </FlexItem>
              {!props.readOnly && (
                <FlexItem>
                  <Button
                    variant="plain"
                    aria-label={`Remove notification ${i + 1}`}
                    icon={<MinusCircleIcon />}
                    onClick={() => write(channels.filter((_, j) => j !== i))}
                  />
                </FlexItem>
              )}
            </Flex>
          </div>
        );
      })}
      {!props.readOnly && (
        <Button
          id={`${ID}-notifications-add`}
          variant="link"
          isInline
          icon={<PlusCircleIcon />}
          style={{ marginTop: 8 }}
          onClick={() => write([...channels, { connection: '' }])}
        >
          Add notification
        </Button>
      )}
    </FormGroup>
  );
}

/** The team's Spec tab: name, icon and notification channels; the rest of the spec in Code. */
export function TeamForm(props: SpecFormProps<ResourceDoc>) {
  return (
    <ResourceFormShell {...props} idPrefix={ID} title="Team">
      <IconField {...props} idPrefix={ID} />
      <ChannelsField {...props} />
    </ResourceFormShell>
  );
}
