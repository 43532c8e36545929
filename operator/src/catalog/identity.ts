import crypto from 'node:crypto';

/**
 * Identity of scraped items. An item is known by its external ids (its own id in the source plus
 * aliases), lower-cased and de-duplicated; its Vigil id is a UUID derived from its type and those
 * ids, so the same item scraped twice — by any replica, after any restart — lands on the same
 * row without a lookup, and two sources naming different things alike (a file and a pod both
 * called "web") stay apart by type.
 */
export function externalIds(externalId: string, aliases: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const id of [externalId, ...aliases]) {
    const v = id.trim().toLowerCase();
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

/** A name-based (version 5 style, SHA-1) UUID in Vigil's own namespace. */
export function deterministicUuid(...parts: string[]): string {
  const hash = crypto
    .createHash('sha1')
    .update('vigil/catalog\0')
    .update(parts.join('\0'))
    .digest();
  const b = hash.subarray(0, 16);
  b[6] = ((b[6] as number) & 0x0f) | 0x50;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The row id of an item: derived from its type and primary external id (aliases do not move it). */
export function configId(type: string, externalId: string): string {
  return deterministicUuid(type.toLowerCase(), externalId.trim().toLowerCase());
}

/** JSON with keys sorted at every level, so equal content always reads (and diffs) the same. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}
