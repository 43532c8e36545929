import net from 'node:net';
import tls from 'node:tls';

/**
 * An LDAP simple bind (RFC 4511 §4.2), enough to test an ldap:// or ldaps:// connection: the
 * server is reached and accepts the bind DN and password (anonymous without them).
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  if (n < 0x100) return Buffer.from([0x81, n]);
  return Buffer.from([0x82, n >> 8, n & 0xff]);
}

const tlv = (tag: number, body: Buffer) =>
  Buffer.concat([Buffer.from([tag]), length(body.length), body]);
const int = (n: number) => tlv(0x02, Buffer.from([n]));
const octets = (s: string) => tlv(0x04, Buffer.from(s, 'utf8'));

export function bindRequest(messageId: number, dn: string, password: string): Buffer {
  const bind = tlv(
    0x60,
    Buffer.concat([int(3), octets(dn), tlv(0x80, Buffer.from(password, 'utf8'))]),
  );
  return tlv(0x30, Buffer.concat([int(messageId), bind]));
}

const UNBIND = tlv(0x30, Buffer.concat([int(2), Buffer.from([0x42, 0x00])]));

interface Tlv {
  tag: number;
  body: Buffer;
  /** Bytes the element takes. */
  size: number;
}

/** One BER element at `at`, or undefined while more bytes are needed. */
export function readTlv(buf: Buffer, at = 0): Tlv | undefined {
  if (buf.length < at + 2) return undefined;
  const tag = buf[at] as number;
  let len = buf[at + 1] as number;
  let head = 2;
  if (len & 0x80) {
    const bytes = len & 0x7f;
    if (bytes > 4) throw new Error('malformed LDAP answer');
    if (buf.length < at + 2 + bytes) return undefined;
    len = 0;
    for (let i = 0; i < bytes; i++) len = len * 256 + (buf[at + 2 + i] as number);
    head += bytes;
  }
  if (buf.length < at + head + len) return undefined;
  return { tag, body: buf.subarray(at + head, at + head + len), size: head + len };
}

const RESULT_NAMES: Record<number, string> = {
  1: 'operationsError',
  2: 'protocolError',
  7: 'authMethodNotSupported',
  8: 'strongerAuthRequired',
  13: 'confidentialityRequired',
  32: 'noSuchObject',
  34: 'invalidDNSyntax',
  48: 'inappropriateAuthentication',
  49: 'invalidCredentials',
  50: 'insufficientAccessRights',
  51: 'busy',
  52: 'unavailable',
  53: 'unwillingToPerform',
};

/** The result code and diagnostic message of a BindResponse message. */
export function parseBindResponse(message: Buffer): { code: number; message: string } {
  const outer = readTlv(message);
  if (!outer || outer.tag !== 0x30) throw new Error('the server did not answer in LDAP');
  const id = readTlv(outer.body);
  const op = id && readTlv(outer.body, id.size);
  if (!op || op.tag !== 0x61) throw new Error('the server did not answer the bind request');
  const code = readTlv(op.body);
  const matched = code && readTlv(op.body, code.size);
  const diag = matched && code && readTlv(op.body, code.size + matched.size);
  if (!code) throw new Error('the bind answer has no result code');
  return {
    code: code.body.reduce((n, b) => n * 256 + b, 0),
    message: diag?.body.toString('utf8') ?? '',
  };
}

export interface LdapBindOptions {
  url: string;
  bindDn?: string;
  password?: string;
  insecureTls?: boolean;
  signal: AbortSignal;
}

/** Binds and unbinds; resolves on success, rejects with the reason otherwise. */
export async function ldapBind(o: LdapBindOptions): Promise<void> {
  let u: URL;
  try {
    u = new URL(o.url);
  } catch {
    throw new Error(`${o.url} is not an ldap:// or ldaps:// URL`);
  }
  const secure = u.protocol === 'ldaps:';
  if (!secure && u.protocol !== 'ldap:')
    throw new Error(`${u.protocol}// is not LDAP: use ldap://host:389 or ldaps://host:636`);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const port = Number(u.port) || (secure ? 636 : 389);
  await new Promise<void>((resolve, reject) => {
    const socket = secure
      ? tls.connect({
          host,
          port,
          servername: net.isIP(host) ? undefined : host,
          rejectUnauthorized: !o.insecureTls,
        })
      : net.connect({ host, port });
    let buf = Buffer.alloc(0);
    const done = (error?: Error) => {
      o.signal.removeEventListener('abort', abort);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const abort = () => done(new Error('the LDAP server did not answer in time'));
    o.signal.addEventListener('abort', abort, { once: true });
    socket.once(secure ? 'secureConnect' : 'connect', () =>
      socket.write(bindRequest(1, o.bindDn ?? '', o.password ?? '')),
    );
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      try {
        const msg = readTlv(buf);
        if (!msg) return;
        const { code, message } = parseBindResponse(buf.subarray(0, msg.size));
        if (code === 0) {
          socket.write(UNBIND);
          done();
        } else
          done(
            new Error(
              `LDAP bind refused: ${RESULT_NAMES[code] ?? 'result'} (${code})${message ? `: ${message}` : ''}`,
            ),
          );
      } catch (error) {
        done(error as Error);
      }
    });
    socket.once('error', (error) => done(error));
    socket.once('close', () => done(new Error('the LDAP server closed the connection')));
  });
}
