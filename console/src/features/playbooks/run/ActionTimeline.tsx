import { Button, Content, Flex, FlexItem } from '@patternfly/react-core';
import { formatDateTime } from '../../../lib/format';
import { runDuration } from '../runs/runStatus';
import { RunStatusLabel } from '../runs/RunStatusLabel';
import type { RunAction } from '../types';

export const NO_ACTIONS = 'No action has started yet.';

/** The run's actions in the order they ran; choosing one shows its output. */
export function ActionTimeline({
  actions,
  selected,
  onSelect,
}: {
  actions: readonly RunAction[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  if (actions.length === 0) return <Content component="p">{NO_ACTIONS}</Content>;
  return (
    <ol aria-label="Actions" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {actions.map((action) => (
        <li key={action.id}>
          <Button
            variant="plain"
            isBlock
            aria-pressed={action.id === selected}
            onClick={() => onSelect(action.id)}
            style={{
              textAlign: 'start',
              borderInlineStart: `3px solid ${
                action.id === selected
                  ? 'var(--pf-t--global--border--color--clicked)'
                  : 'transparent'
              }`,
            }}
          >
            <Flex direction={{ default: 'column' }} gap={{ default: 'gapXs' }}>
              <Flex gap={{ default: 'gapSm' }} alignItems={{ default: 'alignItemsCenter' }}>
                <FlexItem>
                  <strong>{action.name}</strong>
                </FlexItem>
                <RunStatusLabel status={action.status} />
              </Flex>
              <Content component="small">
                {action.start_time ? formatDateTime(action.start_time) : 'Not started'}
                {action.start_time && ` · ${runDuration(action.start_time, action.end_time)}`}
              </Content>
            </Flex>
          </Button>
        </li>
      ))}
    </ol>
  );
}

/** Which action to show before the user picks one: the running one, else the latest started. */
export function defaultAction(actions: readonly RunAction[]): string | undefined {
  const running = actions.find((a) => a.status === 'running' || a.status === 'retrying');
  if (running) return running.id;
  const started = actions.filter((a) => a.start_time);
  return (started[started.length - 1] ?? actions[0])?.id;
}
