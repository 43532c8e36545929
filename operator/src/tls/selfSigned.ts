import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';

/**
 * kubectl and client-go send credentials only over TLS, so the Kubernetes-compatible API needs
 * HTTPS even on a laptop. Without a certificate of the operator's own, Vigil makes a private CA
 * and a serving certificate once (kept in <data dir>/tls) and puts the CA into downloaded
 * kubeconfigs.
 */
export interface TlsMaterial {
  cert: string;
  key: string;
  /** PEM of the CA to trust; absent when the operator supplied the certificate. */
  ca?: string;
}

function serial(): string {
  return forge.util.bytesToHex(forge.random.getBytesSync(16)).replace(/^[89a-f]/, '1');
}

function certificate(
  subject: string,
  keys: forge.pki.rsa.KeyPair,
  issuer: { cert?: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey },
  extensions: object[],
  years: number,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + years * 365 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setIssuer(
    issuer.cert ? issuer.cert.subject.attributes : [{ name: 'commonName', value: subject }],
  );
  cert.setExtensions(extensions);
  cert.sign(issuer.key, forge.md.sha256.create());
  return cert;
}

export function generateTls(hosts: string[]): TlsMaterial {
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const ca = certificate(
    'Vigil local CA',
    caKeys,
    { key: caKeys.privateKey },
    [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
    10,
  );
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const altNames = [...new Set(hosts)].map((h) =>
    /^[\d.]+$|:/.test(h) ? { type: 7, ip: h } : { type: 2, value: h },
  );
  const cert = certificate(
    'vigil',
    keys,
    { cert: ca, key: caKeys.privateKey },
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
    5,
  );
  return {
    cert: forge.pki.certificateToPem(cert),
    key: forge.pki.privateKeyToPem(keys.privateKey),
    ca: forge.pki.certificateToPem(ca),
  };
}

/** The operator's certificate when given; otherwise the generated one, made once and kept. */
export function loadTls(opts: {
  dataDir: string;
  certFile?: string;
  keyFile?: string;
  hosts: string[];
}): TlsMaterial {
  if (opts.certFile && opts.keyFile) {
    return {
      cert: fs.readFileSync(opts.certFile, 'utf8'),
      key: fs.readFileSync(opts.keyFile, 'utf8'),
    };
  }
  const dir = path.join(opts.dataDir, 'tls');
  const files = {
    cert: path.join(dir, 'tls.crt'),
    key: path.join(dir, 'tls.key'),
    ca: path.join(dir, 'ca.crt'),
  };
  if (fs.existsSync(files.cert) && fs.existsSync(files.key) && fs.existsSync(files.ca)) {
    return {
      cert: fs.readFileSync(files.cert, 'utf8'),
      key: fs.readFileSync(files.key, 'utf8'),
      ca: fs.readFileSync(files.ca, 'utf8'),
    };
  }
  const material = generateTls(['localhost', '127.0.0.1', '::1', os.hostname(), ...opts.hosts]);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(files.key, material.key, { mode: 0o600 });
  fs.writeFileSync(files.cert, material.cert);
  fs.writeFileSync(files.ca, material.ca ?? '');
  return material;
}
