import { useMemo, type CSSProperties } from 'react';
import { diffLines, type DiffLineKind } from './diffLines';

const STYLE: Record<DiffLineKind, CSSProperties> = {
  added: {
    background: 'var(--pf-t--global--color--nonstatus--green--default, #e9f7df)',
    color: 'var(--pf-t--global--text--color--nonstatus--on-green--default, inherit)',
  },
  removed: {
    background: 'var(--pf-t--global--color--nonstatus--red--default, #fbe8e8)',
    color: 'var(--pf-t--global--text--color--nonstatus--on-red--default, inherit)',
  },
  hunk: { color: 'var(--pf-t--global--text--color--subtle)' },
  file: { fontWeight: 'bold' },
  context: {},
};

/** A unified diff, one line each, additions green and removals red. */
export function DiffView({ diff, label }: { diff: string; label: string }) {
  const lines = useMemo(() => diffLines(diff), [diff]);
  return (
    <pre
      aria-label={label}
      style={{
        margin: 0,
        maxHeight: '50vh',
        overflow: 'auto',
        fontFamily: 'var(--pf-t--global--font--family--mono)',
        fontSize: 'var(--pf-t--global--font--size--sm)',
      }}
    >
      {lines.map((line, i) => (
        <div key={i} data-kind={line.kind} style={STYLE[line.kind]}>
          {line.text || ' '}
        </div>
      ))}
    </pre>
  );
}
