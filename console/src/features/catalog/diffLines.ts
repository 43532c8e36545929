export type DiffLineKind = 'added' | 'removed' | 'hunk' | 'header' | 'context';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
}

/** A unified diff's lines, each marked added, removed, hunk (@@), file header or context. */
export function diffLines(diff: string): DiffLine[] {
  const lines = diff.replace(/\n$/, '').split('\n');
  return lines.map((text): DiffLine => {
    if (text.startsWith('+++') || text.startsWith('---')) return { kind: 'header', text };
    if (text.startsWith('@@')) return { kind: 'hunk', text };
    if (text.startsWith('+')) return { kind: 'added', text };
    if (text.startsWith('-')) return { kind: 'removed', text };
    return { kind: 'context', text };
  });
}
