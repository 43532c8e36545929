import { describe, expect, it } from 'vitest';
import {
  TEMPLATE_DEFAULTS,
  docToYaml,
  makeRuleDoc,
  newRuleDoc,
  setToggle,
  toggleOn,
  withTimeout,
  yamlToDoc,
} from './document';
import { UI_RULE } from './testData';

describe('incident rule documents', () => {
  it('a new rule writes out the engine defaults', () => {
    expect(newRuleDoc()).toEqual({
      name: '',
      spec: {
        filter: { status: ['unhealthy'] },
        template: { title: TEMPLATE_DEFAULTS.title, type: 'availability', severity: 'low' },
      },
    });
  });

  it('round-trips through YAML unchanged, keeping keys the form does not show', () => {
    const doc = makeRuleDoc({ name: UI_RULE.name, spec: { ...UI_RULE.spec, upstreamOnly: 1 } });
    const yaml = docToYaml(doc);
    expect(yaml).toContain('name: page-on-critical\nspec:\n  filter:');
    expect(yamlToDoc(yaml)).toEqual(doc);
  });

  it('accepts a pasted manifest (metadata.name + spec)', () => {
    const text = 'kind: IncidentRule\nmetadata:\n  name: from-git\nspec:\n  priority: 2\n';
    expect(yamlToDoc(text)).toEqual({ name: 'from-git', spec: { priority: 2 } });
  });

  it.each([
    ['not YAML', 'name: [oops'],
    ['not an object', '- a\n- b'],
    ['a spec that is not an object', 'name: x\nspec: [1]'],
  ])('ignores %s', (_what, text) => {
    expect(yamlToDoc(text)).toBeUndefined();
  });

  it('reads a toggle as upstream does: an object without enabled: false is on', () => {
    expect(toggleOn(undefined)).toBe(false);
    expect(toggleOn(false)).toBe(false);
    expect(toggleOn(true)).toBe(true);
    expect(toggleOn({ timeout: '5m' })).toBe(true);
    expect(toggleOn({ enabled: false, timeout: '5m' })).toBe(false);
  });

  it('switches a toggle keeping its timeout, and sets or clears the timeout', () => {
    expect(setToggle({ timeout: '5m' }, false)).toEqual({ timeout: '5m', enabled: false });
    expect(setToggle(undefined, true)).toEqual({ enabled: true });
    expect(withTimeout({ enabled: true, timeout: '5m' }, undefined)).toEqual({ enabled: true });
    expect(withTimeout(true, '1h')).toEqual({ enabled: true, timeout: '1h' });
  });
});
