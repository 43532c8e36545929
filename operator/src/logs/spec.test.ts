import { describe, expect, it } from 'vitest';
import { logSelectors, serves } from './search.js';
import { BackendSpecError, parseBackendSpec } from './spec.js';

describe('parseBackendSpec', () => {
  it('reads each kind, with defaults', () => {
    expect(parseBackendSpec({ file: { paths: '/var/log/*.log' } })).toEqual({
      kind: 'file',
      file: { paths: ['/var/log/*.log'], format: 'auto' },
    });
    expect(parseBackendSpec({ vigil: {} })).toEqual({ kind: 'vigil' });
    expect(parseBackendSpec({ vigil: null })).toEqual({ kind: 'vigil' });
    expect(parseBackendSpec({ loki: { url: 'http://loki:3100', tenant: 't' } })).toEqual({
      kind: 'loki',
      loki: { url: 'http://loki:3100', tenant: 't' },
    });
    expect(parseBackendSpec({ loki: { connection: 'connection://loki' } }).kind).toBe('loki');
  });

  it('says what is wrong', () => {
    const err = (spec: unknown) => {
      try {
        parseBackendSpec(spec);
      } catch (e) {
        expect(e).toBeInstanceOf(BackendSpecError);
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(err({})).toBe('the spec needs one of file, vigil or loki');
    expect(err(null)).toBe('the spec needs one of file, vigil or loki');
    expect(err({ file: { paths: ['a'] }, vigil: {} })).toMatch(/has file and vigil/);
    expect(err({ file: { paths: [] } })).toMatch(/^file.paths: /);
    expect(err({ file: { paths: ['a'], format: 'xml' } })).toMatch(/^file.format: /);
    expect(err({ loki: {} })).toMatch(/needs a url or a connection/);
    expect(err({ loki: { url: 'ftp://x' } })).toMatch(/^loki.url: /);
    expect(err({ vigil: {}, extra: 1 })).toMatch(/extra|Unrecognized/);
  });
});

describe('log selectors and backends', () => {
  it('reads well-formed selectors only, label values as text', () => {
    expect(
      logSelectors([
        { name: 'app', type: 'file', labels: { app: 'x', n: 1, gone: null } },
        { name: '' },
        'junk',
        { name: 'plain' },
      ]),
    ).toEqual([
      { name: 'app', type: 'file', labels: { app: 'x', n: '1' } },
      { name: 'plain', labels: {} },
    ]);
    expect(logSelectors(null)).toEqual([]);
  });

  it('a backend serves a selector of its kind whose labels do not disagree with its own', () => {
    expect(serves('file', { app: 'x' }, { type: 'file', labels: { app: 'x', env: 'p' } })).toBe(
      true,
    );
    expect(serves('file', { app: 'x' }, { labels: {} })).toBe(true);
    expect(serves('file', { app: 'x' }, { labels: { app: 'y' } })).toBe(false);
    expect(serves('loki', {}, { type: 'file', labels: {} })).toBe(false);
  });
});
