import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTls } from './selfSigned.js';

describe('self-signed TLS', () => {
  it('makes a CA and a serving certificate for the given hosts once, and keeps them', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-tls-'));
    const first = loadTls({ dataDir, hosts: ['vigil.example.com'] });
    const cert = new crypto.X509Certificate(first.cert);
    const ca = new crypto.X509Certificate(first.ca as string);
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(cert.checkHost('vigil.example.com')).toBe('vigil.example.com');
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(ca.ca).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'tls', 'tls.key')).mode & 0o777).toBe(0o600);
    expect(loadTls({ dataDir, hosts: [] }).cert).toBe(first.cert);
    fs.rmSync(dataDir, { recursive: true });
  });
});
