import { diffLines, type DiffLineKind } from './diffLines';

const BACKGROUND: Record<DiffLineKind, string | undefined> = {
  added: 'var(--pf-t--global--color--status--success--default, #3e8635)',
  removed: 'var(--pf-t--global--color--status--danger--default, #c9190b)',
  hunk: 'var(--pf-t--global--color--status--info--default, #2b9af3)',
  header: undefined,
  context: undefined,
};

/** A unified diff with added lines green and removed lines red. */
export function DiffView({ diff }: { diff: string }) {
  return (
    <pre
      aria-label="Unified diff"
      style={{
        fontFamily: 'var(--pf-t--global--font--family--mono, monospace)',
        fontSize: 13,
        overflow: 'auto',
        maxHeight: '24rem',
        margin: 0,
        border: '1px solid var(--pf-t--global--border--color--default)',
      }}
    >
      {diffLines(diff).map((line, i) => {
        const color = BACKGROUND[line.kind];
        return (
          <div
            key={i}
            data-diff={line.kind}
            style={{
              padding: '0 0.5rem',
              whiteSpace: 'pre',
              fontWeight: line.kind === 'header' ? 600 : undefined,
              background: color ? `color-mix(in srgb, ${color} 18%, transparent)` : undefined,
            }}
          >
            {line.text || ' '}
          </div>
        );
      })}
    </pre>
  );
}
