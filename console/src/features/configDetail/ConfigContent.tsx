import {
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  Content,
  Flex,
  FlexItem,
  Label,
} from '@patternfly/react-core';
import { useMemo } from 'react';
import { LinkToIncidentButton, configEvidence } from '../incidents';
import { SelectableLines } from './SelectableLines';
import { configFormat, configLines } from './configLines';
import { toLineIndexes } from './lineSelection';
import { configName, type ConfigDetail } from './model';
import { useLineSelection } from './useLineSelection';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The config view: the content as selectable numbered lines, and the chosen lines as evidence. */
export function ConfigContent({ config }: { config: ConfigDetail }) {
  const lines = useMemo(() => configLines(config.config), [config.config]);
  const format = configFormat(config.config);
  const name = configName(config);
  const { selected, pick, clear } = useLineSelection(lines.length);
  const evidence = useMemo(
    () => configEvidence(config.id, lines, toLineIndexes(selected), name),
    [config.id, lines, selected, name],
  );

  return (
    <Card isCompact>
      <CardHeader
        actions={
          selected.length > 0
            ? {
                hasNoOffset: true,
                actions: (
                  <LinkToIncidentButton
                    evidence={evidence}
                    onLinked={(linked) => {
                      // The lines now live in the incident; start the next selection afresh.
                      if (linked) clear();
                    }}
                  />
                ),
              }
            : undefined
        }
      >
        <Flex gap={{ default: 'gapSm' }} alignItems={{ default: 'alignItemsCenter' }}>
          <FlexItem>
            <CardTitle component="h2">Config</CardTitle>
          </FlexItem>
          {format && (
            <FlexItem>
              <Label isCompact>{format.toUpperCase()}</Label>
            </FlexItem>
          )}
          <FlexItem>
            <Content component="small">
              {plural(lines.length, 'line')}
              {selected.length > 0 && <>, {selected.length} selected</>}
            </Content>
          </FlexItem>
          {selected.length > 0 && (
            <FlexItem>
              <Button variant="link" isInline onClick={clear}>
                Clear selection
              </Button>
            </FlexItem>
          )}
        </Flex>
      </CardHeader>
      <CardBody>
        {lines.length === 0 ? (
          <Content component="p">This config has no content.</Content>
        ) : (
          <SelectableLines
            lines={lines}
            selected={selected}
            onPick={pick}
            label={`Lines of ${name}`}
          />
        )}
      </CardBody>
    </Card>
  );
}
