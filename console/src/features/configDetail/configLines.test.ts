import { describe, expect, it } from 'vitest';
import { configFormat, configLines, configText, sortKeysDeep } from './configLines';

describe('config content as lines', () => {
  it('shows scraped content as is, one line per line', () => {
    const config = { content: 'kind: Pod\nmetadata:\n  name: api\n', format: 'yaml' };
    expect(configText(config)).toBe(config.content);
    // The final newline ends the last line; it does not add an empty one.
    expect(configLines(config)).toEqual(['kind: Pod', 'metadata:', '  name: api']);
    expect(configFormat(config)).toBe('yaml');
  });

  it('keeps blank lines inside content and drops Windows carriage returns', () => {
    expect(configLines({ content: 'a\r\n\r\nb\r\n' })).toEqual(['a', '', 'b']);
    expect(configLines({ content: 'a\n\n' })).toEqual(['a', '']);
    expect(configFormat({ content: 'x' })).toBeUndefined();
  });

  it('shows a plain object as JSON with sorted keys at every depth and a 2-space indent', () => {
    const config = { spec: { replicas: 3, paused: false }, kind: 'Deployment', list: [2, 1] };
    expect(configLines(config)).toEqual([
      '{',
      '  "kind": "Deployment",',
      '  "list": [',
      '    2,',
      '    1',
      '  ],',
      '  "spec": {',
      '    "paused": false,',
      '    "replicas": 3',
      '  }',
      '}',
    ]);
    expect(configFormat(config)).toBe('json');
  });

  it('treats an object whose content is not text as a plain object', () => {
    expect(configText({ format: 'yaml', content: { a: 1 } })).toBe(
      '{\n  "content": {\n    "a": 1\n  },\n  "format": "yaml"\n}',
    );
  });

  it('sorts the keys of objects inside arrays but keeps the array order', () => {
    expect(JSON.stringify(sortKeysDeep([{ b: 1, a: 2 }, 'x']))).toBe('[{"a":2,"b":1},"x"]');
  });

  it('has no lines without a config', () => {
    expect(configLines(null)).toEqual([]);
    expect(configLines(undefined)).toEqual([]);
    expect(configLines({ content: '' })).toEqual([]);
    expect(configFormat(null)).toBeUndefined();
  });
});
