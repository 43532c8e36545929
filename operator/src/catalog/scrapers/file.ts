import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { protectedBy, protectedMessage } from '../../health/protectedPaths.js';
import { listPath } from '../../health/runners/folder.js';
import type { RawDocument, Scraper } from '../types.js';
import { checkout, GitError, isGitSource, redact } from './git.js';

/**
 * `file`: every file matching `paths` (globs, `**` across folders) is a document, read as JSON,
 * YAML (several YAML documents in one file make a list), Java-style properties or text —
 * `format` decides, else the extension, else the content. With a git `url` the paths are read
 * from a working copy of that repository; without, from this host. Vigil's own data directory is
 * never read. Each file's path (relative to the repository) is its id and its name is the file
 * name, unless `id`/`name` say otherwise.
 */

const MAX_FILE_BYTES = 10 * 1024 * 1024;

type Format = RawDocument['format'];

function formatOf(file: string, declared?: string): Format | undefined {
  const d = declared?.toLowerCase();
  if (d === 'json' || d === 'yaml' || d === 'properties' || d === 'text') return d;
  if (d === 'yml') return 'yaml';
  const ext = path.extname(file).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.yaml' || ext === '.yml') return 'yaml';
  if (ext === '.properties') return 'properties';
  return undefined;
}

export function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    const m = /^([^=:\s]+)\s*[=:\s]\s*(.*)$/.exec(line);
    if (m) out[m[1] as string] = m[2] as string;
  }
  return out;
}

export function parseContent(
  text: string,
  format: Format | undefined,
): { content: unknown; format: Format } {
  const yaml = () => {
    const docs = YAML.parseAllDocuments(text).filter((d) => d.contents !== null);
    const errors = docs.flatMap((d) => d.errors);
    if (errors.length) throw new Error(errors[0]?.message ?? 'invalid YAML');
    const values = docs.map((d) => d.toJSON() as unknown);
    return values.length === 1 ? values[0] : values;
  };
  switch (format) {
    case 'json':
      return { content: JSON.parse(text), format };
    case 'yaml':
      return { content: yaml(), format };
    case 'properties':
      return { content: parseProperties(text), format };
    case 'text':
      return { content: text, format };
    default:
      try {
        return { content: JSON.parse(text), format: 'json' };
      } catch {
        try {
          const content = yaml();
          if (content && typeof content === 'object') return { content, format: 'yaml' };
        } catch {
          // not YAML either: text
        }
        return { content: text, format: 'text' };
      }
  }
}

function globRegex(glob: string): RegExp {
  const re = glob
    .split('/')
    .map((seg) =>
      seg === '**'
        ? '(?:.*)'
        : seg
            .replace(/[.+^${}()|\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
    )
    .join('/')
    .replace(/\(\?:\.\*\)\//g, '(?:.*/)?');
  return new RegExp(`^${re}$`);
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && !!x.trim()) : [];

export const fileScraper: Scraper = async (spec, ctx) => {
  const errors: string[] = [];
  const documents: RawDocument[] = [];
  const paths = strings(spec.paths);
  if (!paths.length)
    return {
      errors: ['file scraper needs paths: globs such as /etc/app/*.yaml or manifests/**/*.yaml'],
    };
  let root: string | undefined;
  const url = typeof spec.url === 'string' ? spec.url.trim() : '';
  if (url) {
    if (!isGitSource(url) && /^https?:\/\//.test(url) && !url.includes('.git'))
      return {
        errors: [
          `${redact(url)}: only git repositories are read by url (end it in .git or write git::<url>)`,
        ],
      };
    let creds: { username?: string; password?: string } = {};
    if (typeof spec.connection === 'string' && spec.connection) {
      const c = await ctx.connection(spec.connection);
      if (!c) return { errors: [`connection ${spec.connection} does not exist`] };
      creds = { username: c.username, password: c.password };
    }
    try {
      root = await checkout(url, {
        signal: ctx.signal,
        ...(typeof spec.branch === 'string' ? { branch: spec.branch } : {}),
        ...creds,
      });
    } catch (error) {
      return {
        errors: [error instanceof GitError ? error.message : `git: ${(error as Error).message}`],
      };
    }
  }
  const ignore = strings(spec.ignore).map(globRegex);
  const declared = typeof spec.format === 'string' ? spec.format : undefined;
  const seen = new Set<string>();
  for (const pattern of paths) {
    const absolute = root ? path.join(root, pattern.replace(/^\/+/, '')) : path.resolve(pattern);
    if (root && !absolute.startsWith(root + path.sep)) {
      errors.push(`${pattern}: paths must stay inside the repository`);
      continue;
    }
    let entries;
    try {
      entries = (
        await listPath(absolute, { signal: ctx.signal, filesOnly: true, recursive: false })
      ).entries;
    } catch (error) {
      errors.push((error as Error).message);
      continue;
    }
    for (const entry of entries) {
      if (entry.is_dir || seen.has(entry.path)) continue;
      seen.add(entry.path);
      const rel = root ? path.relative(root, entry.path) : entry.path;
      if (ignore.some((re) => re.test(rel) || re.test(path.basename(rel)))) continue;
      // Folders entered are real ones under a base already checked: only a link can lead out.
      if (entry.isLink && protectedBy(entry.path)) {
        errors.push(protectedMessage(entry.path));
        continue;
      }
      if (entry.size > MAX_FILE_BYTES) {
        errors.push(`${rel}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB, not read`);
        continue;
      }
      // Unchanged since the last scrape (same size and modification time): not read again.
      const fingerprint = `${entry.path}|${entry.size}|${entry.mtimeMs}`;
      if (ctx.reusable?.(fingerprint)) {
        documents.push({ content: undefined, format: 'text', fingerprint, reused: true });
        continue;
      }
      try {
        const text = await fs.promises.readFile(entry.path, 'utf8');
        const { content, format } = parseContent(text, formatOf(entry.path, declared));
        documents.push({
          content,
          format,
          fingerprint,
          defaults: { externalId: rel, name: path.basename(rel) },
        });
      } catch (error) {
        errors.push(`${rel}: ${(error as Error).message}`);
      }
    }
  }
  return { documents, errors };
};
