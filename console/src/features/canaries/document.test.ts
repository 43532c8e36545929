import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CHECK_TYPES, checkTypeById, type CheckType, type FieldDef } from './checkTypes';
import {
  addCheck,
  checksOf,
  detectType,
  docToYaml,
  getAt,
  makeDoc,
  moveCheck,
  newDoc,
  otherCheckCount,
  removeCheck,
  setAt,
  yamlToDoc,
  type CanaryDoc,
  type Json,
} from './document';

/** What filling a field in the form writes into the check. */
function sample(def: FieldDef): [readonly (string | number)[], unknown][] {
  switch (def.kind) {
    case 'text':
    case 'textarea':
      return [[def.path, `v-${def.path.join('-')}`]];
    case 'number':
      return [[def.path, 7]];
    case 'bool':
      return [[def.path, true]];
    case 'select':
      return [[def.path, def.options?.[1] ?? 'x']];
    case 'strings':
      return [[def.path, ['one', 'two']]];
    case 'map':
      return [[def.path, { team: 'sre', 'app.kubernetes.io/name': 'web' }]];
    case 'env':
      return [[def.path, [{ name: 'Authorization', value: 'Bearer x' }]]];
    case 'secret':
      return [[def.path, { value: 'secret' }]];
    case 'yaml':
      return [[def.path, { containers: [{ name: 'c', image: 'busybox', args: ['-c', 'true'] }] }]];
    case 'codes':
      return [[def.path, [200, 404]]];
    case 'auth':
      return [
        [['username'], { value: 'admin' }],
        [['password'], { value: 'p@ss: word' }],
        [['ntlm'], true],
      ];
    case 'method':
      return [
        [['method'], 'POST'],
        [['body'], '{"a": 1}\nsecond line'],
        [['templateBody'], true],
      ];
    case 'script':
      return [[def.path, { expr: 'code == 200 && "x" != "y"' }]];
  }
}

function filled(type: CheckType): CanaryDoc {
  let doc = makeDoc({
    name: 'web-checks',
    namespace: 'prod',
    labels: { team: 'sre', tier: '1' },
    spec: { schedule: '@every 1m' },
  });
  doc = addCheck(doc, type);
  const [ref] = checksOf(doc, type);
  if (!ref) throw new Error('no check');
  for (const def of type.fields) {
    for (const [path, value] of sample(def)) doc = setAt(doc, [...ref.path, ...path], value);
  }
  return doc;
}

const FORM_TYPES = CHECK_TYPES.filter((t) => t.form);

describe('form <-> YAML round trip', () => {
  it.each(FORM_TYPES.map((t) => [t.label, t] as const))(
    '%s: every form field survives YAML and back',
    (_label, type) => {
      const doc = filled(type);
      const text = docToYaml(doc);
      expect(yamlToDoc(text)).toEqual(doc);
      // And the YAML is the canary: name, namespace, labels and the spec with the check.
      const raw = parse(text) as Json;
      expect(raw).toMatchObject({ name: 'web-checks', namespace: 'prod', labels: { tier: '1' } });
      const check = getAt(raw, ['spec', type.keys[0] ?? '', 0]) as Json;
      for (const def of type.fields) {
        for (const [path, value] of sample(def)) expect(getAt(check, path)).toEqual(value);
      }
      // YAML -> document -> YAML gives the same text.
      expect(docToYaml(yamlToDoc(text) as CanaryDoc)).toBe(text);
    },
  );

  it.each(CHECK_TYPES.filter((t) => !t.form).map((t) => [t.label, t] as const))(
    '%s: the starter YAML parses back to the same document',
    (_label, type) => {
      const doc = { ...newDoc(type), name: 'x' };
      expect(yamlToDoc(docToYaml(doc))).toEqual(doc);
    },
  );

  it('writes the HTTP form fields under their JSON names', () => {
    const text = docToYaml(filled(checkTypeById('http') as CheckType));
    expect(text).toContain('url: v-url');
    expect(text).toContain('thresholdMillis: 7');
    expect(text).toContain('maxSSLExpiry: 7');
    expect(text).toContain('responseCodes:\n        - 200\n        - 404');
    expect(text).toContain('schedule: "@every 1m"');
  });

  it('ignores text that is not YAML or not an object', () => {
    expect(yamlToDoc('name: [unclosed')).toBeUndefined();
    expect(yamlToDoc('a: 1\na: 2')).toBeUndefined();
    expect(yamlToDoc('just text')).toBeUndefined();
    expect(yamlToDoc('- a\n- b')).toBeUndefined();
    expect(yamlToDoc('name: x\nspec: [1]')).toBeUndefined();
    expect(yamlToDoc('name: x')).toEqual({ name: 'x', namespace: '', labels: {}, spec: {} });
  });

  it('accepts a pasted Canary manifest', () => {
    const doc = yamlToDoc(
      [
        'apiVersion: canaries.flanksource.com/v1',
        'kind: Canary',
        'metadata:',
        '  name: web',
        '  namespace: prod',
        '  labels: {team: sre}',
        'spec:',
        '  schedule: "@every 1m"',
        '  http: [{name: home, url: "https://example.com"}]',
      ].join('\n'),
    );
    expect(doc).toEqual({
      name: 'web',
      namespace: 'prod',
      labels: { team: 'sre' },
      spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'https://example.com' }] },
    });
  });
});

describe('paths', () => {
  it('sets without touching the original and prunes emptied nested objects', () => {
    const doc = makeDoc({ name: 'a', spec: { folder: [{ name: 'f', filter: { regex: 'x' } }] } });
    const next = setAt(doc, ['spec', 'folder', 0, 'filter', 'regex'], undefined);
    expect(next.spec).toEqual({ folder: [{ name: 'f' }] });
    expect(doc.spec).toEqual({ folder: [{ name: 'f', filter: { regex: 'x' } }] });
    // A check emptied of fields is still a check.
    const empty = setAt(next, ['spec', 'folder', 0, 'name'], undefined);
    expect(empty.spec).toEqual({ folder: [{}] });
  });
});

describe('checks', () => {
  const sql = checkTypeById('sql') as CheckType;

  it('detects the type of a spec, preferring one with a form', () => {
    expect(detectType({ schedule: '@hourly', ldap: [{}], tcp: [{}] }).id).toBe('tcp');
    expect(detectType({ mysql: [{ name: 'db' }] }).id).toBe('sql');
    expect(detectType({ folder: [{ gcpConnection: {} }] }).id).toBe('folder');
    expect(detectType({ ldap: [{}] }).id).toBe('ldap');
    expect(detectType({ schedule: '@hourly' }).id).toBe('custom');
  });

  it('adds, moves between databases and removes checks', () => {
    let doc = newDoc(sql);
    expect(doc.spec).toEqual({
      schedule: '@every 5m',
      postgres: [{ name: '', query: 'SELECT 1' }],
    });
    doc = setAt(doc, ['spec', 'postgres', 0, 'name'], 'orders');
    doc = addCheck(doc, sql);
    const [first] = checksOf(doc, sql);
    doc = moveCheck(doc, first as ReturnType<typeof checksOf>[number], 'mysql');
    expect(doc.spec.postgres).toEqual([{ name: '', query: 'SELECT 1' }]);
    expect(doc.spec.mysql).toEqual([{ name: 'orders', query: 'SELECT 1' }]);
    doc = removeCheck(doc, { key: 'postgres', index: 0 });
    expect(doc.spec).not.toHaveProperty('postgres');
  });

  it('counts the checks the form does not edit', () => {
    const doc = makeDoc({ spec: { http: [{}, {}], dns: [{}], agentSelector: ['eu-*'] } });
    expect(otherCheckCount(doc, checkTypeById('http') as CheckType)).toBe(1);
    expect(otherCheckCount(doc, checkTypeById('ldap') as CheckType)).toBe(3);
  });
});
