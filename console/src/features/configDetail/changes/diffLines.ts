export type DiffLineKind = 'added' | 'removed' | 'hunk' | 'file' | 'context';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
}

/** A unified diff's lines, each told apart by its first characters, for colouring. */
export function diffLines(diff: string | null | undefined): DiffLine[] {
  if (!diff) return [];
  const lines = diff.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  return lines.map((text) => ({ kind: kindOf(text), text }));
}

function kindOf(line: string): DiffLineKind {
  if (line.startsWith('+++') || line.startsWith('---')) return 'file';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  return 'context';
}
