import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LocalProperties, parseProperties, readPropertiesFile } from './local.js';

describe('parseProperties', () => {
  it('reads name=value lines, with comments above an entry as its description', () => {
    const { properties, problems } = parseProperties(
      [
        '# Logs are read from elsewhere here',
        '# (the cluster has no log backend)',
        'logs.disable = true',
        '',
        '! a comment that belongs to nothing',
        '',
        'registration.enabled: false',
        'empty.value=',
        'url=https://example.com/?a=b',
        'logs.disable=false',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(properties).toEqual([
      { name: 'registration.enabled', value: 'false', description: '' },
      { name: 'empty.value', value: '', description: '' },
      { name: 'url', value: 'https://example.com/?a=b', description: '' },
      // A later entry of the same name wins (and loses the earlier comment).
      { name: 'logs.disable', value: 'false', description: '' },
    ]);
    expect(parseProperties('# Off here\nx.disable=true').properties[0]?.description).toBe(
      'Off here',
    );
  });

  it('names each line that is not an entry', () => {
    expect(parseProperties('ok=1\njust words\nhas space=1\r\n').problems).toEqual([
      'line 2: "just words" has no value (write name=value)',
      'line 3: "has space" is not a property name (1-100 letters, digits, dots, dashes or underscores)',
    ]);
  });
});

describe('LocalProperties', () => {
  it('reads the file again when it changes, and keeps the last good values when it cannot', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-props-'));
    const file = path.join(dir, 'flags.properties');
    fs.writeFileSync(file, 'a=1\n');
    const warn = vi.fn();
    const local = new LocalProperties(file, { warn });
    expect(local.get('a')?.value).toBe('1');
    fs.writeFileSync(file, 'a=2\nb=3\n');
    // A different size is a change even within the file system's time resolution.
    expect(local.list().map((p) => `${p.name}=${p.value}`)).toEqual(['a=2', 'b=3']);
    fs.writeFileSync(file, 'broken line\n');
    expect(local.get('b')?.value).toBe('3');
    expect(warn).toHaveBeenCalledTimes(1);
    local.list();
    expect(warn).toHaveBeenCalledTimes(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has nothing without a file, and readPropertiesFile throws every problem', () => {
    expect(new LocalProperties().list()).toEqual([]);
    expect(() => readPropertiesFile('/nonexistent/flags')).toThrow(/ENOENT/);
  });
});
