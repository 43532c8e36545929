import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encryption at rest of connection secrets: AES-256-GCM under a 32-byte key kept in the data
 * directory (`connection.key`, mode 0600, made on first start). A stored secret reads
 * `enc:v1:<base64 of iv (12) | ciphertext | tag (16)>`; anything else is a legacy plain value or
 * a reference (secret://…, configmap://…).
 */
export const KEY_FILE = 'connection.key';
const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bound into every ciphertext, so a value cannot be replayed into another kind of field. */
const AAD = Buffer.from('vigil/connections');

export class ConnectionKeyError extends Error {}

export function isEncrypted(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/** The plain value; throws ConnectionKeyError when the key is not the one it was sealed with. */
export function decryptSecret(key: Buffer, stored: string): string {
  if (!isEncrypted(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES)
    throw new ConnectionKeyError('the stored secret is damaged');
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(AAD);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new ConnectionKeyError(
      `the stored secret cannot be decrypted with this server's ${KEY_FILE}: it was saved by a server with another key; save the value again`,
    );
  }
}

function parseKey(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32)
    throw new ConnectionKeyError(
      `${file} does not hold a 32-byte key in base64; restore the original file (secrets saved with it cannot be read without it)`,
    );
  return key;
}

/**
 * The key of `<dataDir>/connection.key`, made (0600, 32 random bytes) when there is none. Two
 * servers that start at once agree: the file is created exclusively and the loser reads it.
 */
export function loadConnectionKey(dataDir: string, given?: string): Buffer {
  // Replicas on one database share the key through VIGIL_CONNECTION_KEY (a Secret in the chart):
  // each would otherwise make its own in its own data directory and read none of the others'.
  if (given) return parseKey(given, 'VIGIL_CONNECTION_KEY');
  const file = path.join(dataDir, KEY_FILE);
  try {
    return parseKey(fs.readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return parseKey(fs.readFileSync(file, 'utf8'), file);
}
