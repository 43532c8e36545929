/**
 * What a script writes is kept up to a limit per stream; the rest is read (so the script never
 * blocks on a full pipe) and counted, and the kept text ends with a line saying it was cut.
 */

/** Bytes of stdout and of stderr kept per run unless VIGIL_SCRIPT_OUTPUT_LIMIT says otherwise. */
export const DEFAULT_OUTPUT_LIMIT = 64 * 1024;

const UNITS = ['B', 'KiB', 'MiB', 'GiB'] as const;

/** 65536 -> "64 KiB", 3000000 -> "2.9 MiB". */
export function formatBytes(n: number): string {
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${shown} ${UNITS[unit]}`;
}

/** The line that ends a cut stream. */
export function truncationNote(written: number, kept: number): string {
  return `[output truncated: ${formatBytes(written)} written, the first ${formatBytes(kept)} kept]`;
}

/** Where `buf` can be cut without splitting a UTF-8 character. */
function utf8Boundary(buf: Buffer): number {
  let i = buf.length - 1;
  let back = 0;
  while (i >= 0 && back < 3 && ((buf[i] ?? 0) & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i < 0) return buf.length;
  const lead = buf[i] ?? 0;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return buf.length - i >= need ? buf.length : i;
}

export class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private written = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.written += chunk.length;
    const room = this.limit - this.kept;
    if (room <= 0) return;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(part);
    this.kept += part.length;
  }

  get truncated(): boolean {
    return this.written > this.kept;
  }

  /**
   * The kept text; when cut, it ends at a character boundary followed by the truncation note.
   * NUL characters (which PostgreSQL text and JSON cannot hold) become U+FFFD.
   */
  text(): string {
    const buf = Buffer.concat(this.chunks);
    const head = (this.truncated ? buf.subarray(0, utf8Boundary(buf)) : buf)
      .toString('utf8')
      .replaceAll('\0', '\uFFFD');
    return this.truncated ? `${head}\n${truncationNote(this.written, this.kept)}` : head;
  }
}
