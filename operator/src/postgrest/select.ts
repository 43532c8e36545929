import type { SelectItem } from './ast.js';
import { parseError } from './errors.js';
import { isName, parseField, splitTopLevel } from './grammar.js';

const CAST = /^[a-z_][a-z0-9_ ]*(\[\])?$/i;

/** Index of the first ':' that is not part of '::' (the alias separator), or -1. */
function aliasColon(text: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== ':') continue;
    if (text[i + 1] === ':') return -1; // a cast comes before any alias colon could
    return i;
  }
  return -1;
}

export function parseSelect(input: string): SelectItem[] {
  if (input.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(input, 'select').map((part) => parseItem(part.trim(), input));
}

function parseItem(text: string, whole: string): SelectItem {
  if (text === '') throw parseError('empty item in select', whole);
  if (text === '*') return { kind: 'star' };
  const open = text.indexOf('(');
  if (open !== -1) {
    if (!text.endsWith(')')) throw parseError(`"${text}" in select: an embed must end with ')'`);
    return parseEmbed(text.slice(0, open), text.slice(open + 1, -1));
  }
  let rest = text;
  let alias: string | undefined;
  const colon = aliasColon(rest);
  if (colon !== -1) {
    alias = rest.slice(0, colon).trim();
    rest = rest.slice(colon + 1);
    if (!isName(alias)) throw parseError(`"${alias}" is not a valid alias`);
  }
  let cast: string | undefined;
  const castAt = rest.indexOf('::');
  if (castAt !== -1) {
    cast = rest.slice(castAt + 2).trim();
    rest = rest.slice(0, castAt);
    if (!CAST.test(cast)) throw parseError(`"${cast}" is not a type name`);
  }
  return {
    kind: 'column',
    field: parseField(rest),
    ...(alias ? { alias } : {}),
    ...(cast ? { cast } : {}),
  };
}

function parseEmbed(head: string, body: string): SelectItem {
  let rest = head.trim();
  let alias: string | undefined;
  const colon = rest.indexOf(':');
  if (colon !== -1) {
    alias = rest.slice(0, colon).trim();
    rest = rest.slice(colon + 1).trim();
    if (!isName(alias)) throw parseError(`"${alias}" is not a valid alias`);
  }
  if (rest.startsWith('...')) throw parseError('spread embeds (...target) are not supported');
  const [target, ...marks] = rest.split('!').map((s) => s.trim());
  if (!target || !isName(target)) throw parseError(`"${target ?? ''}" is not a valid embed target`);
  let hint: string | undefined;
  let join: 'inner' | 'left' | undefined;
  for (const mark of marks) {
    if (mark === 'inner' || mark === 'left') join = mark;
    else if (isName(mark) && !hint) hint = mark;
    else throw parseError(`"!${mark}" is not a valid embed hint`);
  }
  return {
    kind: 'embed',
    target,
    ...(alias ? { alias } : {}),
    ...(hint ? { hint } : {}),
    ...(join ? { join } : {}),
    children: body.trim() === '' ? [] : parseSelect(body),
  };
}
