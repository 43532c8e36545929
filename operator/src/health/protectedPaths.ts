import fs from 'node:fs';
import path from 'node:path';

/**
 * Paths no check may read: Vigil's data directory (database, password files, TLS keys) and any
 * secret file it was given. Folder and junit checks run inside Vigil's own process, with its
 * rights, so they ask here before listing or reading — after following symlinks, so a link a
 * script left in /tmp cannot lead them in either.
 */
const protectedDirs = new Set<string>();

function real(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

export function protectPath(p: string): void {
  protectedDirs.add(real(p));
}

/** For tests: forget every protected path. */
export function clearProtectedPaths(): void {
  protectedDirs.clear();
}

/** The protected path that `p` (resolved, links followed) lies in, if any. */
export function protectedBy(p: string): string | undefined {
  const target = real(p);
  for (const dir of protectedDirs) {
    if (target === dir || target.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep))
      return dir;
  }
  return undefined;
}

export function protectedMessage(p: string): string {
  return `${p} is inside Vigil's own data (${protectedBy(p) ?? 'a protected path'}), which checks may not read`;
}
