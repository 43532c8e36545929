import YAML, { isScalar } from 'yaml';
import { ActionError } from './common.js';

/**
 * The gitops action's `yq` and `jq` patches: the path assignments that patches are written with
 * in practice — `.spec.replicas = 3`, `.metadata.labels.app = "web"`, `.a["b.c"][0] = {"x": 1}`,
 * `del(.spec.paused)`, several joined with `|` — parsed here rather than by running yq or jq
 * (which Vigil does not ship). Values are JSON literals. YAML files keep their comments and
 * layout as far as the `yaml` package allows (an edited scalar keeps its quotes and comment);
 * JSON files keep their indentation. Anything else is refused with the form that is supported.
 */

export type PathKey = string | number;
export type Op =
  { kind: 'set'; path: PathKey[]; value: unknown } | { kind: 'del'; path: PathKey[] };

const FORMS =
  'supported: path assignments such as .spec.replicas = 3 or .metadata.labels.app = "web", and del(.path), joined with |';

class Parser {
  i = 0;
  constructor(
    readonly src: string,
    readonly field: string,
  ) {}

  fail(what: string): never {
    throw new ActionError(
      `${this.field}: ${what} at character ${this.i + 1} of ${this.src} (${FORMS})`,
    );
  }

  ws() {
    while (/\s/.test(this.src[this.i] ?? '')) this.i++;
  }

  eat(s: string): boolean {
    this.ws();
    if (!this.src.startsWith(s, this.i)) return false;
    this.i += s.length;
    return true;
  }

  /** A JSON string literal starting at the cursor. */
  string(): string {
    const start = this.i;
    this.i++;
    while (this.i < this.src.length && this.src[this.i] !== '"')
      this.i += this.src[this.i] === '\\' ? 2 : 1;
    if (this.src[this.i] !== '"') this.fail('an unterminated string');
    this.i++;
    return JSON.parse(this.src.slice(start, this.i)) as string;
  }

  path(): PathKey[] {
    this.ws();
    if (this.src[this.i] !== '.') this.fail('expected a path starting with .');
    const keys: PathKey[] = [];
    for (;;) {
      const c = this.src[this.i];
      if (c === '.') {
        this.i++;
        const next = this.src[this.i];
        if (next === '"') keys.push(this.string());
        else if (next === '[') continue;
        else {
          const m = /^[A-Za-z_$][\w$-]*/.exec(this.src.slice(this.i));
          if (!m) {
            if (keys.length === 0) return keys; // `.` alone: the whole document
            this.fail('expected a name after .');
          }
          keys.push(m[0]);
          this.i += m[0].length;
        }
      } else if (c === '[') {
        this.i++;
        this.ws();
        if (this.src[this.i] === '"') keys.push(this.string());
        else {
          const m = /^\d+/.exec(this.src.slice(this.i));
          if (!m) this.fail('expected an index or a quoted key in [ ]');
          keys.push(Number(m[0]));
          this.i += m[0].length;
        }
        if (!this.eat(']')) this.fail('expected ]');
      } else return keys;
    }
  }

  /** A JSON literal: the extent is found first (strings and nesting), then JSON.parse reads it. */
  value(): unknown {
    this.ws();
    const start = this.i;
    const c = this.src[this.i];
    if (c === '"') this.string();
    else if (c === '{' || c === '[') {
      let depth = 0;
      while (this.i < this.src.length) {
        const ch = this.src[this.i];
        if (ch === '"') {
          this.string();
          continue;
        }
        if (ch === '{' || ch === '[') depth++;
        if (ch === '}' || ch === ']') depth--;
        this.i++;
        if (depth === 0) break;
      }
    } else {
      const m = /^[^\s|)]+/.exec(this.src.slice(this.i));
      if (!m) this.fail('expected a value');
      this.i += m[0].length;
    }
    const text = this.src.slice(start, this.i);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      this.i = start;
      return this.fail(`${text} is not a JSON value (quote strings: "${text}")`);
    }
  }

  op(): Op {
    if (this.eat('del(')) {
      const path = this.path();
      if (!this.eat(')')) this.fail('expected )');
      if (path.length === 0) this.fail('del(.) would delete the whole document');
      return { kind: 'del', path };
    }
    const path = this.path();
    if (this.eat('=='))
      this.fail('== compares (select and filters are not supported); assign with =');
    if (!this.eat('|=') && !this.eat('=')) this.fail('expected =');
    return { kind: 'set', path, value: this.value() };
  }

  all(): Op[] {
    const ops = [this.op()];
    while (this.eat('|')) ops.push(this.op());
    this.ws();
    if (this.i < this.src.length) this.fail('unexpected text');
    return ops;
  }
}

/** The operations of one `yq` or `jq` expression; ActionError names what is not supported. */
export function parseExpression(expression: string, field: string): Op[] {
  if (!expression.trim()) throw new ActionError(`${field} is empty`);
  return new Parser(expression, field).all();
}

const where = (path: PathKey[]) =>
  path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('') || '.';

function applyJson(root: unknown, op: Op): unknown {
  if (op.path.length === 0) return op.kind === 'set' ? op.value : root;
  const parents = op.path.slice(0, -1);
  const last = op.path[op.path.length - 1] as PathKey;
  let node = root as Record<PathKey, unknown>;
  for (const [i, key] of parents.entries()) {
    let next = node[key];
    if (next === undefined || next === null) {
      if (op.kind === 'del') return root;
      next = typeof op.path[i + 1] === 'number' ? [] : {};
      node[key] = next;
    }
    if (typeof next !== 'object')
      throw new ActionError(`${where(op.path.slice(0, i + 1))} is not an object or a list`);
    node = next as Record<PathKey, unknown>;
  }
  if (op.kind === 'set') node[last] = op.value;
  else if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
  else Reflect.deleteProperty(node, last);
  return root;
}

function patchJson(text: string, ops: Op[]): string {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (err) {
    throw new ActionError(`it is not valid JSON: ${(err as Error).message}`);
  }
  for (const op of ops) root = applyJson(root, op);
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return JSON.stringify(root, null, indent) + (text.endsWith('\n') ? '\n' : '');
}

function patchYaml(text: string, ops: Op[]): string {
  const docs = YAML.parseAllDocuments(text);
  if (!Array.isArray(docs)) throw new ActionError('it is not YAML');
  for (const doc of docs) {
    const problem = doc.errors[0];
    if (problem) throw new ActionError(`it is not valid YAML: ${problem.message}`);
    // As yq does, every document of the file gets the patch.
    for (const op of ops) {
      try {
        if (op.path.length === 0) {
          if (op.kind === 'set') doc.contents = doc.createNode(op.value) as typeof doc.contents;
        } else if (op.kind === 'del') doc.deleteIn(op.path);
        else {
          // An existing scalar is edited in place: its quotes and comment stay.
          const node = doc.getIn(op.path, true);
          const plain = op.value === null || typeof op.value !== 'object';
          if (isScalar(node) && plain) node.value = op.value;
          else doc.setIn(op.path, doc.createNode(op.value));
        }
      } catch (err) {
        throw new ActionError(`${where(op.path)}: ${(err as Error).message}`);
      }
    }
  }
  return docs.map((d) => d.toString({ lineWidth: 0 })).join('');
}

/** The file's text with the operations applied: JSON for .json files, YAML otherwise. */
export function patchText(file: string, text: string, ops: Op[]): string {
  return /\.json$/i.test(file) ? patchJson(text, ops) : patchYaml(text, ops);
}
