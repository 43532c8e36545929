/**
 * A small JSON -> YAML writer for showing check specs read-only (the console has no YAML
 * dependency). Output is block style, keys in their original order, strings quoted only when
 * YAML would read them as something else.
 */

const PLAIN = /^[A-Za-z0-9_./][A-Za-z0-9_ ./@()\-+%,=]*$/;
const RESERVED = /^(true|false|yes|no|on|off|y|n|null|~)$/i;
const NUMBERISH =
  /^[-+]?(\d[\d_]*)?(\.\d+)?([eE][-+]?\d+)?$|^0x[0-9a-f]+$|^0o[0-7]+$|^[-+]?\.(inf|nan)$/i;

function scalarString(text: string): string {
  if (text === '') return "''";
  const plain =
    PLAIN.test(text) &&
    !RESERVED.test(text) &&
    !NUMBERISH.test(text) &&
    !text.endsWith(' ') &&
    !text.includes(': ') &&
    !text.includes(' #');
  return plain ? text : JSON.stringify(text);
}

function scalar(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && !value.includes('\n')) return scalarString(value);
  return undefined;
}

function keyText(key: string): string {
  return scalarString(key);
}

function isEmptyCollection(value: unknown): string | undefined {
  if (Array.isArray(value) && value.length === 0) return '[]';
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    if (Object.keys(value).length === 0) return '{}';
  }
  return undefined;
}

function blockString(text: string, indent: string): string {
  const chomp = text.endsWith('\n') ? '' : '-';
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const lines = body.split('\n').map((line) => (line === '' ? '' : `${indent}${line}`));
  const indicator = /^\s/.test(body) ? '2' : '';
  return `|${indicator}${chomp}\n${lines.join('\n')}`;
}

function write(value: unknown, indent: string): string {
  const pad = `${indent}  `;
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        const simple = scalar(item) ?? isEmptyCollection(item);
        if (simple !== undefined) return `${indent}- ${simple}`;
        if (typeof item === 'string') return `${indent}- ${blockString(item, pad)}`;
        // Nested collections: the first line follows the dash, the rest align under it.
        const nested = write(item, pad);
        return `${indent}- ${nested.slice(pad.length)}`;
      })
      .join('\n');
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([key, v]) => {
        const simple = scalar(v) ?? isEmptyCollection(v);
        if (simple !== undefined) return `${indent}${keyText(key)}: ${simple}`;
        if (typeof v === 'string') return `${indent}${keyText(key)}: ${blockString(v, pad)}`;
        const childIndent = Array.isArray(v) ? indent : pad;
        return `${indent}${keyText(key)}:\n${write(v, childIndent)}`;
      })
      .join('\n');
  }
  const simple = scalar(value);
  if (simple !== undefined) return `${indent}${simple}`;
  return `${indent}${blockString(String(value), pad)}`;
}

export function toYaml(value: unknown): string {
  const empty = isEmptyCollection(value);
  if (empty !== undefined) return `${empty}\n`;
  return `${write(value, '')}\n`;
}
