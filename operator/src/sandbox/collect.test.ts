import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COLLECT_LIMITS, collectFiles, globRegExp, normalizePattern } from './collect.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-collect-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('collect globs', () => {
  it('reads ** as any folders and * and ? within one name', () => {
    const re = globRegExp('reports/**/*.htm?');
    expect(['reports/a.html', 'reports/x/y/b.htmx'].every((p) => re.test(p))).toBe(true);
    expect(['reports/a.htm', 'other/a.html', 'reports/a/html'].some((p) => re.test(p))).toBe(false);
    expect(globRegExp('*.log').test('sub/a.log')).toBe(false);
    expect(globRegExp('**/*.log').test('a.log')).toBe(true);
    expect(globRegExp('[ab].txt').test('b.txt')).toBe(true);
    expect(globRegExp('a+b(1).txt').test('a+b(1).txt')).toBe(true);
  });

  it('keeps patterns inside the directory only', () => {
    expect(normalizePattern('./out/../report.txt')).toBe('report.txt');
    expect(normalizePattern('/etc/passwd')).toBeUndefined();
    expect(normalizePattern('a/../../x')).toBeUndefined();
  });

  it(`keeps at most ${COLLECT_LIMITS.files} files and skips the .git folder`, () => {
    const files: Record<string, string> = { '.git/config': 'x' };
    for (let i = 0; i < COLLECT_LIMITS.files + 5; i++) files[`f${String(i).padStart(3, '0')}`] = '';
    const dir = tree(files);
    const got = collectFiles(dir, ['**'], process.getuid?.() ?? 0);
    expect(got.files).toHaveLength(COLLECT_LIMITS.files);
    expect(got.files.some((f) => f.path.startsWith('.git'))).toBe(false);
    expect(got.skipped).toEqual([`only the first ${COLLECT_LIMITS.files} files are kept`]);
  });

  it('skips files another user owns, such as ones the script hard-linked', () => {
    const dir = tree({ 'mine.txt': 'ok' });
    const got = collectFiles(dir, ['*.txt'], 12345);
    expect(got.files).toEqual([]);
    expect(got.skipped).toEqual(['mine.txt: not made by the script (owned by another user)']);
  });
});
