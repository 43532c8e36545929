/** The Prefer, Accept and Range headers of a PostgREST request. */
export interface Preferences {
  returning: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge' | 'ignore';
}

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { returning: 'minimal' };
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (
      key === 'return' &&
      (value === 'representation' || value === 'minimal' || value === 'headers-only')
    )
      prefs.returning = value;
    if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated'))
      prefs.count = value;
    if (key === 'resolution' && value === 'merge-duplicates') prefs.resolution = 'merge';
    if (key === 'resolution' && value === 'ignore-duplicates') prefs.resolution = 'ignore';
  }
  return prefs;
}

export function wantsSingular(accept: string | undefined): boolean {
  return (accept ?? '').includes('application/vnd.pgrst.object+json');
}

/** `Range: 0-24` or `10-`: an offset and an optional inclusive end. */
export function parseRange(
  header: string | undefined,
): { offset: number; limit?: number } | undefined {
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header ?? '');
  if (!m) return undefined;
  const offset = Number(m[1]);
  if (m[2] === '') return { offset };
  const end = Number(m[2]);
  return end >= offset ? { offset, limit: end - offset + 1 } : undefined;
}

export function contentRange(offset: number, rows: number, total: number | undefined): string {
  const t = total === undefined ? '*' : String(total);
  return rows > 0 ? `${offset}-${offset + rows - 1}/${t}` : `*/${t}`;
}
