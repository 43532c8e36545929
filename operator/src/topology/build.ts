import { healthOf } from '../catalog/base.js';
import { componentsOf, runLookup, type LookupDeps } from './lookup.js';

/**
 * A Topology spec into a tree of components, before anything is written: the root (the spec's
 * own type, icon, text…), `components` nested to any depth, `lookup`s whose display output
 * becomes components (each then given `forEach`), `virtual` components whose children are
 * promoted to their parent, and topology labels copied down onto components without that key.
 * A failing lookup marks its component to keep what it had; it never empties a subtree.
 */

type Obj = Record<string, unknown>;

export interface BuiltComponent {
  name: string;
  namespace?: string;
  type?: string;
  icon?: string;
  tooltip?: string;
  owner?: string;
  externalId?: string;
  text?: string;
  lifecycle?: string;
  description?: string;
  hidden: boolean;
  order?: number;
  labels: Record<string, string>;
  properties: Obj[];
  /** Status and health the spec or a lookup gave it (the rollup starts from these). */
  ownStatus?: string;
  statusReason?: string;
  statusExpr?: string;
  healthExpr?: string;
  selectors: Obj[];
  configs: Obj[];
  checks: Obj[];
  relationships: Obj[];
  logs: Obj[];
  parentLookup?: Obj;
  /** An explicit id (a UUID) the spec gave it. */
  id?: string;
  children: BuiltComponent[];
  /** A lookup under it failed: its stored children stay as they were. */
  keepChildren?: boolean;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
const list = (v: unknown): Obj[] =>
  Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Obj[]) : [];
const strMap = (v: unknown): Record<string, string> => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v as Obj).map(([k, x]) => [k, String(x)]));
};

/** `$(.component.name)` and `{{ .component.name }}` in every string of a value. */
export function interpolate(value: unknown, vars: Obj): unknown {
  if (typeof value === 'string') {
    const lookup = (path: string) => {
      let v: unknown = vars;
      for (const key of path.split('.')) v = (v as Obj | undefined)?.[key];
      return v === undefined || v === null
        ? ''
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
    };
    return value
      .replace(/\$\(\s*\.([\w.]+)\s*\)/g, (_, p: string) => lookup(p))
      .replace(/\{\{-?\s*\.([\w.]+)\s*-?\}\}/g, (_, p: string) => lookup(p));
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, vars));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars)]));
  return value;
}

/** A component from a spec entry or a lookup's object (which may use snake_case keys). */
export function fromObject(o: Obj): BuiltComponent {
  const status = str(o.status) ?? str(o.health);
  const c: BuiltComponent = {
    name: str(o.name) ?? str(o.text) ?? 'unnamed',
    hidden: o.hidden === true,
    labels: strMap(o.labels),
    properties: list(o.properties),
    selectors: list(o.selectors),
    configs: list(o.configs),
    checks: list(o.checks),
    relationships: list(o.relationships),
    logs: list(o.logs),
    children: [],
  };
  const fields: [keyof BuiltComponent, unknown][] = [
    ['namespace', o.namespace],
    ['type', o.type],
    ['icon', o.icon],
    ['tooltip', o.tooltip],
    ['owner', o.owner],
    ['externalId', o.externalID ?? o.external_id ?? o.externalId],
    ['text', o.text],
    ['lifecycle', o.lifecycle],
    ['description', o.description],
    ['statusReason', o.statusReason ?? o.status_reason],
    ['statusExpr', o.statusExpr ?? o.status_expr],
    ['healthExpr', o.healthExpr ?? o.health_expr],
  ];
  for (const [key, v] of fields) if (str(v)) (c as unknown as Obj)[key] = str(v);
  if (typeof o.order === 'number') c.order = o.order;
  if (status) c.ownStatus = healthOf(status) ?? (status === 'info' ? 'info' : status);
  if (o.parentLookup && typeof o.parentLookup === 'object') c.parentLookup = o.parentLookup as Obj;
  if (str(o.id) && /^[0-9a-f-]{36}$/i.test(o.id as string)) c.id = o.id as string;
  return c;
}

export interface BuildContext {
  lookup: LookupDeps;
  errors: string[];
}

function applyForEach(component: BuiltComponent, forEach: Obj, looked: Obj): void {
  const vars = {
    component: { ...looked, name: component.name, properties: component.properties },
    properties: Object.fromEntries(
      component.properties.map((p) => [String(p.name ?? ''), p.text ?? p.value]),
    ),
  };
  const each = interpolate(forEach, vars) as Obj;
  component.properties.push(...list(each.properties));
  component.configs.push(...list(each.configs));
  component.selectors.push(...list(each.selectors));
  component.relationships.push(...list(each.relationships));
  component.checks.push(...list(each.checks));
  component.children.push(...list(each.components).map(fromObject));
}

async function expand(spec: Obj, ctx: BuildContext): Promise<BuiltComponent> {
  const component = fromObject(spec);
  if (spec.lookup && typeof spec.lookup === 'object') {
    const { values, errors } = await runLookup(spec.lookup as Obj, ctx.lookup);
    const found = componentsOf(values);
    const problems = [...errors, ...found.errors];
    if (problems.length) {
      ctx.errors.push(...problems.map((e) => `${component.name}: ${e}`));
      component.keepChildren = true;
    } else {
      const forEach =
        spec.forEach && typeof spec.forEach === 'object' ? (spec.forEach as Obj) : undefined;
      for (const o of found.components) {
        const child = fromObject(o);
        child.children.push(...(await Promise.all(list(o.components).map((c) => expand(c, ctx)))));
        if (forEach) applyForEach(child, forEach, o);
        component.children.push(child);
      }
    }
  }
  component.children.push(...(await Promise.all(list(spec.components).map((c) => expand(c, ctx)))));
  return component;
}

/**
 * Virtual components give their place to their children. A virtual component whose lookup
 * failed hands that on: its parent then keeps the children it had.
 */
function promoteVirtual(c: BuiltComponent, parent?: BuiltComponent): BuiltComponent[] {
  const children = c.children.flatMap((child) => promoteVirtual(child, c));
  if (c.type === 'virtual') {
    if (c.keepChildren && parent) parent.keepChildren = true;
    return children;
  }
  c.children = children;
  return [c];
}

function copyLabels(c: BuiltComponent, labels: Record<string, string>): void {
  for (const [k, v] of Object.entries(labels)) if (!(k in c.labels)) c.labels[k] = v;
  for (const child of c.children) copyLabels(child, labels);
}

export async function buildTopology(
  topology: { name: string; labels: Record<string, string> | null; spec: Obj },
  ctx: BuildContext,
): Promise<BuiltComponent> {
  const spec = topology.spec;
  const root = fromObject({
    name: str(spec.text) ?? topology.name,
    type: str(spec.type) ?? 'Topology',
    icon: spec.icon,
    tooltip: spec.tooltip,
    owner: spec.owner,
    text: spec.label,
    properties: spec.properties,
    configs: spec.configs,
    statusExpr: spec.statusExpr,
    healthExpr: spec.healthExpr,
  });
  const top = await Promise.all(list(spec.components).map((c) => expand(c, ctx)));
  root.children = top.flatMap((c) => promoteVirtual(c, root));
  // Flux's kustomize labels say where a manifest came from, not what a component is.
  const labels = Object.fromEntries(
    Object.entries(topology.labels ?? {}).filter(
      ([k]) => !k.startsWith('kustomize.toolkit.fluxcd.io'),
    ),
  );
  copyLabels(root, labels);
  return root;
}
