/**
 * Markdown bodies in each service's own format. Only what notifications use: paragraphs and line
 * breaks, headings, `-`/`*`/`1.` lists, **bold**, *italic* or _italic_, ~~strike~~, `code`, fenced
 * code blocks and [text](url) links. Anything else passes through as text.
 */

const FENCE = /^[ \t]*```[^\n]*\n([\s\S]*?)^[ \t]*```[ \t]*$/gm;
const CODE = /`([^`\n]+)`/g;
const LINK = /\[([^\]\n]+)\]\(((?:https?:\/\/|mailto:)[^)\s]+)\)/g;
const BOLD = [/\*\*(?=\S)([^*\n]*?\S)\*\*/g, /__(?=\S)([^_\n]*?\S)__/g];
const ITALIC = [
  /(^|[^\w*\\])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?![\w*])/g,
  /(^|[^\w\\])_(?=[^\s_])([^_\n]*?[^\s_])_(?!\w)/g,
];
const STRIKE = /~~(?=\S)([^~\n]*?\S)~~/g;
const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/;
const BULLET = /^[ \t]*[-*+][ \t]+(.*)$/;
const NUMBERED = /^[ \t]*(\d+)[.)][ \t]+(.*)$/;

/**
 * Code and links set aside as private-use marks (U+E000 n U+E001) while the rest is formatted,
 * then put back. The marks are taken out of the text first.
 */
class Stash {
  private readonly items: string[] = [];
  put(s: string): string {
    this.items.push(s);
    return `\uE000${this.items.length - 1}\uE001`;
  }
  restore(s: string): string {
    // Stashed items may hold others (a link's text with code): restore until none are left.
    let out = s;
    for (let depth = 0; depth < 4 && /\uE000\d+\uE001/.test(out); depth++)
      out = out.replace(/\uE000(\d+)\uE001/g, (_, i: string) => this.items[Number(i)] ?? '');
    return out;
  }
}

interface Flavor {
  escape(s: string): string;
  code(s: string): string;
  block(s: string): string;
  link(text: string, url: string): string;
  bold(s: string): string;
  italic(s: string): string;
  strike(s: string): string;
}

function inline(s: string, f: Flavor, stash: Stash): string {
  let out = s.replace(CODE, (_, c: string) => stash.put(f.code(c)));
  out = out.replace(LINK, (_, t: string, u: string) => stash.put(f.link(t, u)));
  out = f.escape(out);
  // Italic first: Slack's bold is *x*, which the italic pass would take for italic.
  for (const re of ITALIC) out = out.replace(re, (_, pre: string, i: string) => pre + f.italic(i));
  for (const re of BOLD) out = out.replace(re, (_, b: string) => f.bold(b));
  return out.replace(STRIKE, (_, x: string) => f.strike(x));
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Line {
  kind: 'heading' | 'bullet' | 'number' | 'text' | 'block';
  text: string;
  n?: string;
}

/** The lines of the body with inline formatting done; code and links still stashed. */
function parse(md: string, f: Flavor): { lines: Line[]; stash: Stash } {
  const stash = new Stash();
  const blocks = new Set<string>();
  const text = md
    .replace(/[\uE000\uE001]/g, '')
    .replace(/\r\n?/g, '\n')
    .replace(FENCE, (_, body: string) => {
      const mark = stash.put(f.block(body.replace(/\n$/, '')));
      blocks.add(mark);
      return mark;
    });
  const out = text.split('\n').map((l): Line => {
    if (blocks.has(l.trim())) return { kind: 'block', text: l.trim() };
    const h = HEADING.exec(l);
    if (h) return { kind: 'heading', text: inline(h[1] ?? '', f, stash) };
    const b = BULLET.exec(l);
    if (b) return { kind: 'bullet', text: inline(b[1] ?? '', f, stash) };
    const n = NUMBERED.exec(l);
    if (n) return { kind: 'number', text: inline(n[2] ?? '', f, stash), n: n[1] };
    return { kind: 'text', text: inline(l, f, stash) };
  });
  return { lines: out, stash };
}

/** Line by line: headings and list items become what `line` makes of them. */
function lines(md: string, f: Flavor, line: (l: Line) => string): string {
  const { lines: parsed, stash } = parse(md, f);
  return stash.restore(parsed.map(line).join('\n'));
}

const listItem = (l: Line, bullet: string) => `${l.n ? `${l.n}.` : bullet} ${l.text}`;

const slackFlavor: Flavor = {
  escape: (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  code: (s) => `\`${slackFlavor.escape(s)}\``,
  block: (s) => `\`\`\`${slackFlavor.escape(s)}\`\`\``,
  link: (t, u) =>
    `<${u.replace(/[<>|]/g, encodeURIComponent).replace(/&/g, '&amp;')}|${slackFlavor.escape(t)}>`,
  bold: (s) => `*${s}*`,
  italic: (s) => `_${s}_`,
  strike: (s) => `~${s}~`,
};

/** Slack mrkdwn (also what Google Chat's text takes): *bold*, _italic_, <url|text>. */
export function toSlack(md: string): string {
  return lines(md, slackFlavor, (l) =>
    l.kind === 'heading'
      ? `*${l.text}*`
      : l.kind === 'bullet' || l.kind === 'number'
        ? listItem(l, '•')
        : l.text,
  );
}

/** Escapes text for Slack mrkdwn (titles written into a mrkdwn field). */
export const escapeSlack = (s: string) => slackFlavor.escape(s);

/**
 * The HTML of chat services (Telegram's parse_mode HTML, Pushover's html=1): inline tags only,
 * line breaks kept as newlines. `code: false` for services without <code>/<pre> (Pushover).
 */
export function toChatHtml(md: string, opts: { code: boolean } = { code: true }): string {
  const f: Flavor = {
    escape: escapeHtml,
    code: (s) => (opts.code ? `<code>${escapeHtml(s)}</code>` : escapeHtml(s)),
    block: (s) => (opts.code ? `<pre>${escapeHtml(s)}</pre>` : escapeHtml(s)),
    link: (t, u) => `<a href="${escapeHtml(u)}">${escapeHtml(t)}</a>`,
    bold: (s) => `<b>${s}</b>`,
    italic: (s) => `<i>${s}</i>`,
    strike: (s) => (opts.code ? `<s>${s}</s>` : s),
  };
  return lines(md, f, (l) =>
    l.kind === 'heading'
      ? `<b>${l.text}</b>`
      : l.kind === 'bullet' || l.kind === 'number'
        ? listItem(l, '•')
        : l.text,
  );
}

export { escapeHtml };

/** A whole HTML document body for e-mail: paragraphs, headings, lists, preformatted code. */
export function toHtml(md: string): string {
  const f: Flavor = {
    escape: escapeHtml,
    code: (s) => `<code>${escapeHtml(s)}</code>`,
    block: (s) => `<pre><code>${escapeHtml(s)}</code></pre>`,
    link: (t, u) => `<a href="${escapeHtml(u)}">${escapeHtml(t)}</a>`,
    bold: (s) => `<strong>${s}</strong>`,
    italic: (s) => `<em>${s}</em>`,
    strike: (s) => `<del>${s}</del>`,
  };
  const { lines: parsed, stash } = parse(md, f);
  const out: string[] = [];
  let para: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | undefined;
  const flush = () => {
    if (para.length) out.push(`<p>${para.join('<br>\n')}</p>`);
    if (list)
      out.push(`<${list.tag}>${list.items.map((i) => `<li>${i}</li>`).join('')}</${list.tag}>`);
    para = [];
    list = undefined;
  };
  for (const l of parsed) {
    if (l.kind === 'heading' || l.kind === 'block') {
      flush();
      out.push(l.kind === 'heading' ? `<h3>${l.text}</h3>` : l.text);
    } else if (l.kind === 'bullet' || l.kind === 'number') {
      const tag = l.kind === 'number' ? 'ol' : 'ul';
      if (para.length || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push(l.text);
    } else if (!l.text.trim()) {
      flush();
    } else {
      if (list) flush();
      para.push(l.text);
    }
  }
  flush();
  return stash.restore(out.join('\n'));
}

/** Plain text: markers dropped, links as "text (url)". For summaries and notification previews. */
export function toText(md: string): string {
  const f: Flavor = {
    escape: (s) => s,
    code: (s) => s,
    block: (s) => s,
    link: (t, u) => (t === u ? u : `${t} (${u})`),
    bold: (s) => s,
    italic: (s) => s,
    strike: (s) => s,
  };
  return lines(md, f, (l) =>
    l.kind === 'bullet' || l.kind === 'number' ? listItem(l, '-') : l.text,
  );
}

/** At most `max` characters, the cut marked with an ellipsis. */
export function truncate(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, Math.max(0, max - 1))}…`;
}

/** Pieces of at most `max` characters, cut at line ends where possible. */
export function chunks(s: string, max: number): string[] {
  const out: string[] = [];
  let rest = s;
  while (rest.length > max) {
    let cut = rest.lastIndexOf('\n', max);
    if (cut < max / 2) cut = max;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^\n/, '');
  }
  if (rest) out.push(rest);
  return out;
}
