import { FormSelect, FormSelectOption } from '@patternfly/react-core';
import type { AgentOption } from './filterOptionsApi';

/** One agent's items or every agent's; an id in the URL that the list lacks stays selectable. */
export function AgentSelect(props: {
  value: string;
  agents: readonly AgentOption[];
  onChange: (agentId: string) => void;
}) {
  const known = props.agents.some((a) => a.id === props.value);
  const agents =
    props.value && !known
      ? [{ id: props.value, name: props.value }, ...props.agents]
      : props.agents;
  return (
    <FormSelect
      aria-label="Agent"
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
      style={{ minWidth: '10rem' }}
    >
      <FormSelectOption value="" label="All agents" />
      {agents.map((agent) => (
        <FormSelectOption key={agent.id} value={agent.id} label={agent.name} />
      ))}
    </FormSelect>
  );
}
