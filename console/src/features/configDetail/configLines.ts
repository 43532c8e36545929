/**
 * What the config view shows (spec 002 §3 'Config item'): text scraped as-is (`{content,
 * format}`) is shown unchanged; anything else is JSON with sorted keys and a 2-space indent, so
 * the same config always reads the same and its line numbers stay stable between scrapes.
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isContent(value: unknown): value is { content: string; format?: unknown } {
  return isPlainObject(value) && typeof value.content === 'string';
}

/** A copy with every object's keys in order; arrays keep their order, it carries meaning. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeysDeep(value[key])]),
  );
}

/** The text of a config; '' when there is none. */
export function configText(config: unknown): string {
  if (config === null || config === undefined) return '';
  if (isContent(config)) return config.content;
  if (typeof config === 'string') return config;
  return JSON.stringify(sortKeysDeep(config), null, 2);
}

/** The config's format for the view's caption (e.g. 'yaml'); undefined when it does not say. */
export function configFormat(config: unknown): string | undefined {
  if (isContent(config)) {
    return typeof config.format === 'string' && config.format ? config.format : undefined;
  }
  return typeof config === 'object' && config !== null ? 'json' : undefined;
}

/**
 * The lines to number. A final newline ends the last line rather than starting an empty one,
 * as editors count them; Windows line ends lose their '\r'.
 */
export function configLines(config: unknown): string[] {
  const text = configText(config);
  if (text === '') return [];
  return text.replace(/\r?\n$/, '').split(/\r?\n/);
}
