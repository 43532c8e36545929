import fs from 'node:fs';
import type pg from 'pg';
import type { Logger } from 'pino';

/** Names a feature flag may have (the same rule for the file and for /api/properties). */
export const PROPERTY_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

export interface LocalProperty {
  name: string;
  value: string;
  /** The comment lines right above the entry, joined. */
  description: string;
}

/**
 * Parses a properties file: `name=value` lines (`name: value` works too), `#` or `!` comments,
 * blank lines ignored. Comment lines right above an entry become its description. A later entry
 * of the same name wins. Each line that is none of these is a problem, named by its number.
 */
export function parseProperties(text: string): { properties: LocalProperty[]; problems: string[] } {
  const byName = new Map<string, LocalProperty>();
  const problems: string[] = [];
  let comment: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) {
      comment = [];
      return;
    }
    if (line.startsWith('#') || line.startsWith('!')) {
      const text = line.replace(/^[#!]+\s?/, '').trim();
      if (text) comment.push(text);
      return;
    }
    const at = line.search(/[=:]/);
    const name = at < 0 ? line : line.slice(0, at).trim();
    if (at < 0) problems.push(`line ${i + 1}: "${name}" has no value (write name=value)`);
    else if (!PROPERTY_NAME.test(name))
      problems.push(
        `line ${i + 1}: "${name}" is not a property name (1-100 letters, digits, dots, dashes or underscores)`,
      );
    else {
      byName.delete(name);
      byName.set(name, { name, value: line.slice(at + 1).trim(), description: comment.join(' ') });
    }
    comment = [];
  });
  return { properties: [...byName.values()], problems };
}

/** Reads and parses the file; throws with every problem (used at start-up, by config.ts). */
export function readPropertiesFile(file: string): LocalProperty[] {
  const { properties, problems } = parseProperties(fs.readFileSync(file, 'utf8'));
  if (problems.length) throw new Error(problems.join('; '));
  return properties;
}

/**
 * The local feature flags of VIGIL_PROPERTIES_FILE. They override the database's (upstream's
 * process-level properties): listed with source `local`, and read-only through the API. The file
 * is read again when it changes (a ConfigMap update), so no restart is needed; a file that
 * cannot be read or parsed later keeps the last good values, with a warning in the log.
 */
export class LocalProperties {
  private cache: LocalProperty[] = [];
  private stamp = '';
  private warned = '';

  constructor(
    readonly file?: string,
    private readonly log?: Pick<Logger, 'warn'>,
  ) {}

  /** Every local property, in the file's order. */
  list(): LocalProperty[] {
    if (!this.file) return [];
    try {
      const stat = fs.statSync(this.file);
      const stamp = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
      if (stamp !== this.stamp) {
        this.cache = readPropertiesFile(this.file);
        this.stamp = stamp;
        this.warned = '';
      }
    } catch (error) {
      const message = (error as Error).message;
      if (message !== this.warned) {
        this.warned = message;
        this.log?.warn(
          { file: this.file, err: error },
          'VIGIL_PROPERTIES_FILE could not be read; keeping the last good values',
        );
      }
    }
    return this.cache;
  }

  get(name: string): LocalProperty | undefined {
    return this.list().find((p) => p.name === name);
  }
}

/** A property's value as it applies: the local file's, else the database's; undefined if unset. */
export async function propertyValue(
  db: pg.Pool | pg.PoolClient,
  local: LocalProperties | undefined,
  name: string,
): Promise<string | undefined> {
  const own = local?.get(name);
  if (own) return own.value;
  const { rows } = await db.query<{ value: string }>(
    'SELECT value FROM properties WHERE name = $1 AND deleted_at IS NULL',
    [name],
  );
  return rows[0]?.value;
}
