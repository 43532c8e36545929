/**
 * Mentions in comments (§2.4): typed as '@' and a name, stored as `@[display](user:id)`.
 * The comment box shows plain `@Name`; the markup is made when the comment is sent.
 */

export interface Mention {
  id: string;
  display: string;
}

export type CommentSegment =
  { kind: 'text'; text: string } | { kind: 'mention'; display: string; id: string };

const MARKUP = /@\[([^\]]*)\]\(user:([^)\s]+)\)/g;

/** Brackets and parentheses would end the markup early; they are dropped from the display. */
const cleanDisplay = (display: string) => display.replace(/[[\]()]/g, '').trim();

export function mentionMarkup({ id, display }: Mention): string {
  return `@[${cleanDisplay(display)}](user:${id})`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The comment as stored: every `@Name` of a chosen mention becomes its markup. Longer names win
 * ('@Ada Lovelace' over '@Ada'); a name must stand alone ('@Adam' is not '@Ada').
 */
export function encodeMentions(text: string, mentions: readonly Mention[]): string {
  const byDisplay = new Map<string, Mention>();
  for (const m of mentions) {
    const display = cleanDisplay(m.display);
    if (display) byDisplay.set(display, { ...m, display });
  }
  if (byDisplay.size === 0) return text;
  const names = [...byDisplay.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(^|[^\\w@])@(${names.join('|')})(?![\\w])`, 'g');
  return text.replace(pattern, (_, before: string, display: string) => {
    const mention = byDisplay.get(display);
    return mention ? `${before}${mentionMarkup(mention)}` : `${before}@${display}`;
  });
}

/** A stored comment split into text and mentions, for display. */
export function parseComment(comment: string): CommentSegment[] {
  const segments: CommentSegment[] = [];
  let last = 0;
  for (const match of comment.matchAll(MARKUP)) {
    const index = match.index;
    if (index > last) segments.push({ kind: 'text', text: comment.slice(last, index) });
    segments.push({ kind: 'mention', display: match[1] ?? '', id: match[2] ?? '' });
    last = index + match[0].length;
  }
  if (last < comment.length) segments.push({ kind: 'text', text: comment.slice(last) });
  return segments;
}

/** The ids mentioned in a stored comment. */
export function mentionedIds(comment: string): string[] {
  return parseComment(comment).flatMap((s) => (s.kind === 'mention' ? [s.id] : []));
}

/**
 * The mention being typed at the caret: an '@' at the start or after a space, followed by up to
 * 40 characters without a line break. undefined when the caret is not in one.
 */
export function mentionQuery(
  text: string,
  caret: number,
): { start: number; query: string } | undefined {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at === -1) return undefined;
  if (at > 0 && !/\s/.test(before[at - 1] ?? '')) return undefined;
  const query = before.slice(at + 1);
  if (query.length > 40 || /[\n@]/.test(query) || query.startsWith(' ')) return undefined;
  return { start: at, query };
}

/** Replaces the '@query' being typed with '@Name ' and answers the new text and caret. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  display: string,
): { text: string; caret: number } {
  const inserted = `@${cleanDisplay(display)} `;
  return {
    text: `${text.slice(0, start)}${inserted}${text.slice(caret)}`,
    caret: start + inserted.length,
  };
}
