import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../db/pool.js';
import { clearProtectedPaths, protectPath } from './protectedPaths.js';
import { folderRunner } from './runners/folder.js';
import { junitRunner } from './runners/junit.js';
import type { RunContext } from './types.js';

const ctx: RunContext = {
  canary: { id: 'c1', name: 'canary', namespace: 'default', labels: {} },
  check: { id: 'k1', name: 'files', type: 'folder' },
  signal: new AbortController().signal,
  pool: {} as Pool,
  connection: () => Promise.resolve(undefined),
};

/**
 * Folder and junit checks read files with Vigil's own rights: they must not list or read its
 * data directory, directly or through a symlink a script left behind.
 */
describe('checks that read files', () => {
  let root: string;
  let data: string;
  let elsewhere: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-protected-'));
    data = path.join(root, 'data');
    elsewhere = path.join(root, 'tmp');
    fs.mkdirSync(data);
    fs.mkdirSync(elsewhere);
    fs.writeFileSync(path.join(data, 'postgres.password'), 'hunter2');
    fs.writeFileSync(
      path.join(data, 'report.xml'),
      '<testsuite name="secret"><testcase name="hunter2"/></testsuite>',
    );
    fs.symlinkSync(data, path.join(elsewhere, 'link-to-data'));
    fs.symlinkSync(path.join(data, 'report.xml'), path.join(elsewhere, 'stolen.xml'));
    fs.symlinkSync(path.join(data, 'postgres.password'), path.join(elsewhere, 'pw'));
    fs.writeFileSync(path.join(elsewhere, 'ok.log'), 'fine');
    protectPath(data);
  });
  afterAll(() => {
    clearProtectedPaths();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['the data directory', () => data],
    ['a glob inside it', () => path.join(data, '*')],
    ['a symlink to it', () => path.join(elsewhere, 'link-to-data')],
  ])('refuses a folder check on %s', async (_what, where) => {
    const [r] = await folderRunner({ name: 'f', path: where() }, ctx);
    expect(r?.pass).toBe(false);
    expect(r?.error ?? '').toMatch(/inside Vigil's own data/);
    expect(JSON.stringify(r?.data ?? {})).not.toMatch(/postgres\.password/);
  });

  it('leaves links into the data directory out of a listing elsewhere', async () => {
    const [r] = await folderRunner({ name: 'f', path: elsewhere }, ctx);
    const files = (r?.data?.results as { files: { name: string }[] }).files.map((f) => f.name);
    expect(files).toEqual(['ok.log']);
  });

  it('does not read a JUnit report that links into the data directory', async () => {
    const [r] = await junitRunner({ name: 'j', testResults: path.join(elsewhere, '*.xml') }, ctx);
    expect(r?.pass).toBe(false);
    expect(JSON.stringify(r)).not.toMatch(/hunter2|"secret"/);
  });
});
