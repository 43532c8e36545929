import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { toYaml } from './yaml';

describe('toYaml', () => {
  it('writes block YAML', () => {
    expect(
      toYaml({
        name: 'homepage',
        url: 'https://example.com/health?x=1',
        responseCodes: [200, 201],
        headers: [{ name: 'Accept', value: 'application/json' }],
        test: { expr: 'code == 200' },
        empty: {},
        none: null,
      }),
    ).toBe(
      [
        'name: homepage',
        'url: "https://example.com/health?x=1"',
        'responseCodes:',
        '- 200',
        '- 201',
        'headers:',
        '- name: Accept',
        '  value: application/json',
        'test:',
        '  expr: code == 200',
        'empty: {}',
        'none: null',
        '',
      ].join('\n'),
    );
  });

  it('quotes strings YAML would read as something else', () => {
    expect(toYaml({ a: 'true', b: '123', c: '', d: 'x: y', e: '- item', f: 'no', g: '1e3' })).toBe(
      'a: "true"\nb: "123"\nc: \'\'\nd: "x: y"\ne: "- item"\nf: "no"\ng: "1e3"\n',
    );
  });

  it('reads back as the same value', () => {
    const value = {
      name: 'exec',
      script: 'echo hello\nexit 0\n',
      indented: '  leading\nspaces',
      display: { template: '{{ .code }}' },
      nested: [[1, 2], [{ deep: ['a', 'b: c', '#hash', '@at'] }], []],
      tricky: [
        'yes',
        'null',
        '~',
        '0x1F',
        '.inf',
        'a #comment',
        'trailing ',
        '%x',
        '*ref',
        '&anchor',
      ],
      unicode: 'héllo — ✓',
      bools: [true, false],
    };
    expect(parse(toYaml(value))).toEqual(value);
  });
});
