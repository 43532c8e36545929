/**
 * A spec editor's document is plain JSON: the Form and Code tabs are two views of it. These read
 * and write it by path, so whatever a form does not show is kept as it is.
 */

export type Json = Record<string, unknown>;

/** Keys and list indexes from the document's root. */
export type Path = readonly (string | number)[];

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function getAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const step of path) {
    if (typeof step === 'number') node = Array.isArray(node) ? node[step] : undefined;
    else node = isObject(node) ? node[step] : undefined;
  }
  return node;
}

function isEmptyObject(value: unknown): boolean {
  return isObject(value) && Object.keys(value).length === 0;
}

/**
 * A copy of `node` with `value` at `path`; undefined removes the key. Objects left empty by a
 * removal are removed too, except top-level ones and array items (a check stays a check).
 */
function setIn(node: unknown, path: Path, value: unknown, depth: number): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return value;
  if (typeof step === 'number') {
    const list = Array.isArray(node) ? [...(node as unknown[])] : [];
    list[step] = setIn(list[step], rest, value, depth + 1);
    return list;
  }
  const object: Json = isObject(node) ? node : {};
  const next = rest.length === 0 ? value : setIn(object[step], rest, value, depth + 1);
  const childIsItem = typeof rest[0] === 'number';
  const prune =
    next === undefined || (rest.length > 0 && depth >= 1 && !childIsItem && isEmptyObject(next));
  if (!prune) return { ...object, [step]: next };
  return Object.fromEntries(Object.entries(object).filter(([key]) => key !== step));
}

export function setAt<T extends object>(root: T, path: Path, value: unknown): T {
  return setIn(root, path, value, 0) as T;
}
