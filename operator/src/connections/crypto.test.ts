import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConnectionKeyError,
  decryptSecret,
  encryptSecret,
  isEncrypted,
  KEY_FILE,
  loadConnectionKey,
} from './crypto.js';

const key = crypto.randomBytes(32);

describe('connection secret encryption', () => {
  it('round-trips any text, with a fresh IV each time', () => {
    for (const plain of [
      's3cret',
      '',
      'ünïcødé ✓',
      'x'.repeat(100_000),
      '-----BEGIN KEY-----\nabc\n',
    ]) {
      const sealed = encryptSecret(key, plain);
      expect(isEncrypted(sealed)).toBe(true);
      expect(sealed).not.toContain(plain || 'never');
      expect(decryptSecret(key, sealed)).toBe(plain);
    }
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same'));
  });

  it('passes plain (legacy) values through', () => {
    expect(decryptSecret(key, 'hunter2')).toBe('hunter2');
    expect(isEncrypted('secret://db/password')).toBe(false);
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = encryptSecret(key, 'secret');
    const raw = Buffer.from(sealed.slice('enc:v1:'.length), 'base64');
    raw[14] = (raw[14] as number) ^ 1;
    expect(() => decryptSecret(key, `enc:v1:${raw.toString('base64')}`)).toThrow(
      ConnectionKeyError,
    );
    expect(() => decryptSecret(crypto.randomBytes(32), sealed)).toThrow(/another key/);
    expect(() => decryptSecret(key, 'enc:v1:AAAA')).toThrow(/damaged/);
  });
});

describe('the key file', () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-key-'));

  it('is made once, 0600, and read back the same', () => {
    const d = dir();
    const first = loadConnectionKey(d);
    expect(first).toHaveLength(32);
    const file = path.join(d, KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConnectionKey(d).equals(first)).toBe(true);
    expect(fs.readdirSync(d)).toEqual([KEY_FILE]);
    fs.rmSync(d, { recursive: true });
  });

  it('takes VIGIL_CONNECTION_KEY instead, so replicas on one database share it', () => {
    const d = dir();
    const shared = Buffer.alloc(32, 7);
    expect(loadConnectionKey(d, shared.toString('base64')).equals(shared)).toBe(true);
    expect(fs.readdirSync(d)).toEqual([]);
    expect(() => loadConnectionKey(d, 'c2hvcnQ=')).toThrow(/VIGIL_CONNECTION_KEY/);
    fs.rmSync(d, { recursive: true });
  });

  it('makes the data directory when there is none', () => {
    const d = path.join(dir(), 'data', 'nested');
    expect(loadConnectionKey(d)).toHaveLength(32);
    fs.rmSync(path.dirname(path.dirname(d)), { recursive: true });
  });

  it('refuses a file that does not hold a key, instead of replacing it', () => {
    const d = dir();
    fs.writeFileSync(path.join(d, KEY_FILE), 'not a key\n');
    expect(() => loadConnectionKey(d)).toThrow(/32-byte key/);
    expect(fs.readFileSync(path.join(d, KEY_FILE), 'utf8')).toBe('not a key\n');
    fs.rmSync(d, { recursive: true });
  });
});
