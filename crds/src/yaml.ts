/**
 * A small deterministic YAML emitter for generated manifests: block style, two-space indents,
 * keys in insertion order, strings quoted only when a plain scalar could be read differently.
 * It writes JSON-compatible data only (no anchors, tags or multiple documents).
 */

const RESERVED = /^(true|false|yes|no|on|off|y|n|null|~|\.inf|-\.inf|\+\.inf|\.nan)$/i;
// Conservative: anything outside this set is quoted rather than reasoned about.
const PLAIN = /^[A-Za-z_./(][A-Za-z0-9_./()@=+,;<> -]*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;

function scalarString(value: string): string {
  const plain = PLAIN.test(value) && !RESERVED.test(value) && !value.endsWith(' ');
  if (plain) return value;
  if (!CONTROL.test(value) && !value.includes('\n') && !value.includes('\t')) {
    return `'${value.replace(/'/g, "''")}'`;
  }
  // A JSON string literal is a valid YAML double-quoted scalar.
  return JSON.stringify(value);
}

/** Multi-line strings read best as literal blocks; the chomping indicator keeps them exact. */
function blockString(value: string, indent: string): string | undefined {
  if (!value.includes('\n') || CONTROL.test(value) || value.includes('\t')) return undefined;
  const body = value.replace(/\n+$/, '');
  const trailing = value.length - body.length;
  const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  const lines = (trailing > 1 ? value.slice(0, -1) : body).split('\n');
  // A first line starting with a space would be taken as the indentation: say it explicitly.
  const indicator = lines[0]?.startsWith(' ') ? '2' : '';
  const content = lines.map((line) => (line ? `${indent}  ${line}` : '')).join('\n');
  return `|${indicator}${chomp}\n${content}`;
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as YAML`);
    return String(value);
  }
  if (typeof value === 'string') return scalarString(value);
  throw new Error(`cannot write a ${typeof value} as YAML`);
}

function isCollection(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isEmpty(value: object): boolean {
  return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}

/** The text after "key:" or "- ": inline for scalars and empty collections, else a block. */
function afterIndicator(value: unknown, indent: string): string {
  if (typeof value === 'string') {
    const block = blockString(value, indent);
    if (block) return ` ${block}`;
  }
  if (!isCollection(value)) return ` ${scalar(value)}`;
  if (isEmpty(value)) return Array.isArray(value) ? ' []' : ' {}';
  return `\n${emit(value, `${indent}  `)}`;
}

function emit(value: object, indent: string): string {
  if (Array.isArray(value)) {
    return value
      .map((item: unknown) => {
        if (isCollection(item) && !isEmpty(item)) {
          // The first line of the nested block follows "- " directly.
          const nested = emit(item, `${indent}  `);
          return `${indent}- ${nested.slice(indent.length + 2)}`;
        }
        return `${indent}-${afterIndicator(item, indent)}`;
      })
      .join('\n');
  }
  return Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => `${indent}${scalarString(key)}:${afterIndicator(v, indent)}`)
    .join('\n');
}

/** One YAML document for a JSON-compatible value, ending in a newline. */
export function toYaml(value: unknown): string {
  if (!isCollection(value) || isEmpty(value)) return `${afterIndicator(value, '').trimStart()}\n`;
  return `${emit(value, '')}\n`;
}
