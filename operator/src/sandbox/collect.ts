import fs from 'node:fs';
import path from 'node:path';

/**
 * Reading the files a run left in its directory (playbook exec `artifacts`) before the
 * directory is removed. Vigil reads them with its own rights, so what the script made is not
 * trusted: only regular files owned by the script's user whose real path stays inside the run's
 * directory are read (a symlink or a hard link to Vigil's secrets is skipped, also when a
 * process that escaped the run swaps a folder for a link meanwhile), FIFOs never block, and the
 * number, size and walk of the files are capped.
 */

export interface CollectedFile {
  /** Relative to the run's directory, with `/` separators. */
  path: string;
  content: Buffer;
}

export interface Collected {
  files: CollectedFile[];
  /** One sentence per file (or pattern) left out, and why. */
  skipped: string[];
}

export const COLLECT_LIMITS = {
  files: 100,
  fileBytes: 10 * 1024 * 1024,
  totalBytes: 50 * 1024 * 1024,
  /** Directory entries looked at per run: a script that makes a million files costs no more. */
  entries: 20_000,
};

/** A glob as a RegExp over relative paths: `**` any folders, `*` and `?` within one name. */
export function globRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        const body = pattern.slice(i + 1, end).replace(/\\/g, '\\\\');
        re += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** The folder a pattern's matches all live under (its segments before the first wildcard). */
function literalPrefix(pattern: string): string {
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const part of parts.slice(0, -1)) {
    if (/[*?[]/.test(part)) break;
    fixed.push(part);
  }
  return fixed.join('/');
}

/**
 * A pattern as written in a spec, made relative to the run's directory: `./` dropped, `..`
 * resolved; undefined when it points outside (absolute, or above the directory).
 */
export function normalizePattern(pattern: string): string | undefined {
  const p = path.posix.normalize(pattern.trim());
  if (!p || p === '.' || path.posix.isAbsolute(p) || p === '..' || p.startsWith('../'))
    return undefined;
  return p.replace(/\/+$/, '');
}

/** Files under `dir` matching `patterns` (relative globs), owned by `uid`, within the caps. */
export function collectFiles(dir: string, patterns: readonly string[], uid: number): Collected {
  const out: Collected = { files: [], skipped: [] };
  const globs: { raw: string; re: RegExp; hits: number }[] = [];
  const literals: { raw: string; path: string }[] = [];
  const roots = new Set<string>();
  for (const raw of patterns) {
    const p = normalizePattern(raw);
    if (!p) out.skipped.push(`${raw}: not a path inside the script's directory`);
    else if (!/[*?[]/.test(p)) literals.push({ raw, path: p });
    else {
      globs.push({ raw, re: globRegExp(p), hits: 0 });
      roots.add(literalPrefix(p));
    }
  }
  const seen = new Set<string>();
  let entries = 0;
  let total = 0;
  let full = false;
  const realDir = fs.realpathSync(dir);

  const take = (rel: string) => {
    if (seen.has(rel)) return;
    seen.add(rel);
    if (out.files.length >= COLLECT_LIMITS.files) {
      if (!full) out.skipped.push(`only the first ${COLLECT_LIMITS.files} files are kept`);
      full = true;
      return;
    }
    const result = readOwnFile(realDir, rel, uid, COLLECT_LIMITS.totalBytes - total);
    if (typeof result === 'string') out.skipped.push(`${rel}: ${result}`);
    else {
      total += result.length;
      out.files.push({ path: rel, content: result });
    }
  };

  for (const l of literals) take(l.path);

  const walk = (rel: string) => {
    let list: fs.Dirent[];
    try {
      // A root named by a pattern may be a link out of the directory: never list one.
      const real = fs.realpathSync(path.join(realDir, rel));
      if (real !== realDir && !real.startsWith(`${realDir}/`)) return;
      list = fs.readdirSync(real, { withFileTypes: true });
    } catch {
      return; // not there, or not a folder: nothing matches below it
    }
    list.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of list) {
      if (++entries > COLLECT_LIMITS.entries) return;
      const child = rel ? `${rel}/${e.name}` : e.name;
      // Dirent types come from lstat: a symlink to a folder is never walked. A checkout's
      // .git is history, not output.
      if (e.isDirectory()) {
        if (e.name !== '.git') walk(child);
        continue;
      }
      const hit = globs.filter((g) => g.re.test(child));
      for (const g of hit) g.hits++;
      if (hit.length) take(child);
    }
  };
  // Shortest roots first, and none below another: each file is looked at once.
  const sorted = [...roots].sort((a, b) => a.length - b.length);
  for (const root of sorted)
    if (!sorted.some((r) => r !== root && (r === '' || root.startsWith(`${r}/`)))) walk(root);
  if (entries > COLLECT_LIMITS.entries)
    out.skipped.push(
      `the script's directory holds more than ${COLLECT_LIMITS.entries} entries: only those seen first were matched`,
    );
  for (const g of globs) if (g.hits === 0) out.skipped.push(`${g.raw}: no file matches`);
  return out;
}

/** The file's bytes, or why it is not read. */
function readOwnFile(dir: string, rel: string, uid: number, room: number): Buffer | string {
  let fd: number;
  try {
    // O_NOFOLLOW: a symlink in the last place fails; O_NONBLOCK: a FIFO does not hang us.
    fd = fs.openSync(
      path.join(dir, rel),
      fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'no such file';
    return code === 'ELOOP' ? 'a symbolic link, not a file' : 'cannot be read';
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return 'not a regular file';
    if (st.uid !== uid) return 'not made by the script (owned by another user)';
    // Where the open really landed: a folder on the way may have been a link.
    const real = fs.readlinkSync(`/proc/self/fd/${fd}`);
    if (!real.startsWith(`${dir}/`)) return "outside the script's directory";
    if (st.size > COLLECT_LIMITS.fileBytes)
      return `larger than ${COLLECT_LIMITS.fileBytes / 1024 / 1024} MiB`;
    if (st.size > room)
      return `the files kept already hold ${COLLECT_LIMITS.totalBytes / 1024 / 1024} MiB`;
    const buf = Buffer.alloc(st.size);
    let read = 0;
    while (read < st.size) {
      const n = fs.readSync(fd, buf, read, st.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buf.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}
