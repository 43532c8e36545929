import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, acquireInstanceLock } from './instanceLock.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('acquireInstanceLock', () => {
  it('refuses a data dir held by a live process, naming it', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(path.join(dir, 'vigil.pid'), `${other.pid}\n`);
      expect(() => acquireInstanceLock(dir)).toThrow(DataDirInUseError);
      expect(() => acquireInstanceLock(dir)).toThrow(`in use by another Vigil (pid ${other.pid})`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a killed process and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'vigil.pid'), '999999999\n');
    const release = acquireInstanceLock(dir);
    expect(fs.readFileSync(path.join(dir, 'vigil.pid'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'vigil.pid'))).toBe(false);
  });
});
