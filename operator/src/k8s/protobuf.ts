/**
 * Just enough of the protobuf wire format to write one message kind at a time: tags, varints,
 * length-delimited strings and messages, doubles and booleans (proto3 rules: scalars at their
 * default value are left out; a submessage is written whenever the caller asks).
 */
export class ProtoWriter {
  private readonly parts: Buffer[] = [];

  private varint(value: number): void {
    const bytes: number[] = [];
    let n = Math.floor(value);
    if (n < 0) throw new Error('negative varints are not supported');
    while (n > 0x7f) {
      bytes.push((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    bytes.push(n);
    this.parts.push(Buffer.from(bytes));
  }

  private tag(field: number, wire: 0 | 1 | 2): void {
    this.varint(field * 8 + wire);
  }

  string(field: number, value: string | undefined): this {
    if (value === undefined || value === '') return this;
    return this.bytes(field, Buffer.from(value, 'utf8'));
  }

  strings(field: number, values: readonly string[] | undefined): this {
    for (const v of values ?? []) this.bytes(field, Buffer.from(v, 'utf8'));
    return this;
  }

  bytes(field: number, value: Buffer): this {
    this.tag(field, 2);
    this.varint(value.length);
    this.parts.push(value);
    return this;
  }

  message(field: number, value: ProtoWriter | Buffer): this {
    return this.bytes(field, value instanceof ProtoWriter ? value.finish() : value);
  }

  /** A bool; `always` writes false too (a oneof member's presence is its tag). */
  bool(field: number, value: boolean | undefined, always = false): this {
    if (value === undefined || (!value && !always)) return this;
    this.tag(field, 0);
    this.varint(value ? 1 : 0);
    return this;
  }

  int64(field: number, value: number | undefined): this {
    if (value === undefined || value === 0) return this;
    this.tag(field, 0);
    this.varint(value);
    return this;
  }

  double(field: number, value: number | undefined): this {
    if (value === undefined || value === 0) return this;
    this.tag(field, 1);
    const b = Buffer.alloc(8);
    b.writeDoubleLE(value);
    this.parts.push(b);
    return this;
  }

  finish(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** Reads the fields of one message (for tests): field number → raw values in order. */
export function readFields(buf: Buffer): Map<number, (Buffer | number)[]> {
  const out = new Map<number, (Buffer | number)[]>();
  let i = 0;
  const varint = () => {
    let result = 0;
    let mul = 1;
    for (;;) {
      const b = buf[i++] as number;
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 0x80;
    }
  };
  while (i < buf.length) {
    const key = varint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    let value: Buffer | number;
    if (wire === 0) value = varint();
    else if (wire === 1) {
      value = buf.readDoubleLE(i);
      i += 8;
    } else if (wire === 2) {
      const len = varint();
      value = buf.subarray(i, i + len);
      i += len;
    } else throw new Error(`unsupported wire type ${wire}`);
    out.set(field, [...(out.get(field) ?? []), value]);
  }
  return out;
}
