/**
 * MD4 (RFC 1320), which NTLM needs for the NT hash. Node 20's OpenSSL 3 keeps MD4 in the legacy
 * provider, usually not loaded, so this small implementation is used instead. Not for anything
 * but NTLM: MD4 is broken as a general hash.
 */
const rotl = (x: number, n: number): number => (x << n) | (x >>> (32 - n));

export function md4(input: Uint8Array): Buffer {
  const bitLength = input.length * 8;
  const padded = new Uint8Array((((input.length + 8) >> 6) + 1) * 64);
  padded.set(input);
  padded[input.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, bitLength >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(bitLength / 0x100000000), true);

  let a = 0x67452301;
  let b = 0xefcdab89;
  let c = 0x98badcfe;
  let d = 0x10325476;
  const x = new Int32Array(16);
  const F = (p: number, q: number, r: number): number => (p & q) | (~p & r);
  const G = (p: number, q: number, r: number): number => (p & q) | (p & r) | (q & r);
  const H = (p: number, q: number, r: number): number => p ^ q ^ r;

  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) x[i] = view.getInt32(off + i * 4, true);
    const w = (i: number): number => x[i] ?? 0;
    const [aa, bb, cc, dd] = [a, b, c, d];

    // Round 1: [a b c d k s] with F.
    for (const k of [0, 4, 8, 12]) {
      a = rotl((a + F(b, c, d) + w(k)) | 0, 3);
      d = rotl((d + F(a, b, c) + w(k + 1)) | 0, 7);
      c = rotl((c + F(d, a, b) + w(k + 2)) | 0, 11);
      b = rotl((b + F(c, d, a) + w(k + 3)) | 0, 19);
    }
    // Round 2: G, constant 0x5a827999, column order.
    for (const k of [0, 1, 2, 3]) {
      a = rotl((a + G(b, c, d) + w(k) + 0x5a827999) | 0, 3);
      d = rotl((d + G(a, b, c) + w(k + 4) + 0x5a827999) | 0, 5);
      c = rotl((c + G(d, a, b) + w(k + 8) + 0x5a827999) | 0, 9);
      b = rotl((b + G(c, d, a) + w(k + 12) + 0x5a827999) | 0, 13);
    }
    // Round 3: H, constant 0x6ed9eba1, bit-reversed order.
    for (const k of [0, 2, 1, 3]) {
      a = rotl((a + H(b, c, d) + w(k) + 0x6ed9eba1) | 0, 3);
      d = rotl((d + H(a, b, c) + w(k + 8) + 0x6ed9eba1) | 0, 9);
      c = rotl((c + H(d, a, b) + w(k + 4) + 0x6ed9eba1) | 0, 11);
      b = rotl((b + H(c, d, a) + w(k + 12) + 0x6ed9eba1) | 0, 15);
    }
    a = (a + aa) | 0;
    b = (b + bb) | 0;
    c = (c + cc) | 0;
    d = (d + dd) | 0;
  }

  const out = Buffer.alloc(16);
  out.writeInt32LE(a, 0);
  out.writeInt32LE(b, 4);
  out.writeInt32LE(c, 8);
  out.writeInt32LE(d, 12);
  return out;
}
