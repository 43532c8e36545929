/** 0 not filtered, 1 include, -1 exclude. */
export type TriState = 0 | 1 | -1;

/** Raw (unescaped) value -> state. Values in state 0 are never stored. */
export type TriStateMap = Record<string, TriState>;

// A colon separates value from state and a comma separates pairs, so both are spelled out
// inside a value.
const COLON = '____';
const COMMA = '||||';

export function escapeTriStateValue(value: string): string {
  return value.replaceAll(':', COLON).replaceAll(',', COMMA);
}

export function unescapeTriStateValue(value: string): string {
  return value.replaceAll(COLON, ':').replaceAll(COMMA, ',');
}

function toTriState(raw: string | undefined): TriState | undefined {
  if (raw === '1') return 1;
  if (raw === '-1') return -1;
  if (raw === '0') return 0;
  return undefined;
}

/** Query-string form: `value:1,value:-1`, values escaped, unfiltered values left out. */
export function encodeTriState(map: TriStateMap): string {
  return Object.entries(map)
    .filter(([, state]) => state !== 0)
    .map(([value, state]) => `${escapeTriStateValue(value)}:${state}`)
    .join(',');
}

/**
 * Reads `value:state` pairs. A pair without a state is the '!' list form written by
 * toQueryFilter: `!value` means exclude and `value` include. Malformed pairs are dropped.
 */
export function decodeTriState(encoded: string | null | undefined): TriStateMap {
  const map: TriStateMap = {};
  if (!encoded) return map;
  for (const pair of encoded.split(',')) {
    const colon = pair.lastIndexOf(':');
    let raw: string;
    let state: TriState | undefined;
    if (colon === -1) {
      const excluded = pair.startsWith('!');
      raw = excluded ? pair.slice(1) : pair;
      state = excluded ? -1 : 1;
    } else {
      raw = pair.slice(0, colon);
      state = toTriState(pair.slice(colon + 1));
    }
    if (raw === '' || !state) continue;
    map[unescapeTriStateValue(raw)] = state;
  }
  return map;
}

/** API filter form: included values as they are, excluded values prefixed with '!'. */
export function toQueryFilter(map: TriStateMap): string {
  return Object.entries(map)
    .filter(([, state]) => state !== 0)
    .map(([value, state]) => `${state === -1 ? '!' : ''}${escapeTriStateValue(value)}`)
    .join(',');
}

export function splitTriState(map: TriStateMap): { include: string[]; exclude: string[] } {
  const entries = Object.entries(map);
  return {
    include: entries.filter(([, s]) => s === 1).map(([v]) => v),
    exclude: entries.filter(([, s]) => s === -1).map(([v]) => v),
  };
}

/** The key of a `key=value` or `key:value` tag, or undefined for a plain value. */
export function tagKey(value: string): string | undefined {
  const match = /^([^=:]*)[=:]/.exec(value);
  return match ? match[1] : undefined;
}

export interface SetTriStateOptions {
  /** Tag dropdowns allow one choice per tag key: a new choice replaces the earlier one. */
  tagMode?: boolean;
}

export function setTriState(
  map: TriStateMap,
  value: string,
  state: TriState,
  options: SetTriStateOptions = {},
): TriStateMap {
  const next: TriStateMap = {};
  const key = options.tagMode ? tagKey(value) : undefined;
  for (const [existing, existingState] of Object.entries(map)) {
    if (existing === value) continue;
    if (key !== undefined && state !== 0 && tagKey(existing) === key) continue;
    next[existing] = existingState;
  }
  if (state !== 0) next[value] = state;
  return next;
}

/** Clicking an item steps none -> include -> exclude -> none. */
export function cycleTriState(state: TriState | undefined): TriState {
  if (state === 1) return -1;
  if (state === -1) return 0;
  return 1;
}
