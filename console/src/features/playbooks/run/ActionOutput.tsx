import { Alert, Content, Title } from '@patternfly/react-core';
import { MONO } from '../../../components/SpecForm/fields';
import { RunStatusLabel } from '../runs/RunStatusLabel';
import type { RunAction } from '../types';
import { outputParts } from './output';

export const NO_OUTPUT = 'No output yet.';

const PRE = {
  ...MONO,
  margin: 0,
  padding: 12,
  maxHeight: 480,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  background: 'var(--pf-t--global--background--color--secondary--default)',
} as const;

function Block({ title, text }: { title: string; text: string }) {
  return (
    <section aria-label={title} style={{ marginTop: 12 }}>
      <Title headingLevel="h4">{title}</Title>
      <pre style={PRE}>{text}</pre>
    </section>
  );
}

/** One action's output: its error, its stdout and stderr, or the result it recorded. */
export function ActionOutput({ action }: { action: RunAction }) {
  const parts = outputParts(action.result);
  const empty = !action.error && !parts.stdout && !parts.stderr && !parts.json;
  return (
    <section aria-label={`Output of ${action.name}`}>
      <Title headingLevel="h3">
        {action.name} <RunStatusLabel status={action.status} />
      </Title>
      {action.error && (
        <Alert variant="danger" isInline title={action.error} style={{ marginTop: 12 }} />
      )}
      {parts.stdout !== undefined && <Block title="stdout" text={parts.stdout} />}
      {parts.stderr !== undefined && <Block title="stderr" text={parts.stderr} />}
      {parts.json !== undefined && <Block title="Result" text={parts.json} />}
      {empty && <Content component="p">{NO_OUTPUT}</Content>}
    </section>
  );
}
