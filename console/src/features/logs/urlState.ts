import {
  NAMED_RANGES,
  PAST_PRESETS,
  resolveTimeRange,
  type RelativeTimeRange,
  type TimeRange,
} from '../../lib/timeRange';

/**
 * The Logs page's state in its URL (spec 000 §2.6): topologyId (the component), logsSelector
 * (its log's name), query, and start — date math such as now-6h, a named range such as today,
 * or, with end, an absolute range.
 */
export interface LogsUrlState {
  componentId?: string;
  logName?: string;
  query: string;
  range: TimeRange;
}

export const DEFAULT_RANGE: RelativeTimeRange = PAST_PRESETS.find((p) => p.range === 'now-1h') ?? {
  type: 'relative',
  range: 'now-1h',
  display: 'Last 1 hour',
};

const text = (params: URLSearchParams, key: string) => params.get(key)?.trim() || undefined;

export function rangeFromStart(start: string | undefined, end: string | undefined): TimeRange {
  if (!start) return DEFAULT_RANGE;
  if (end) return { type: 'absolute', from: start, to: end, display: 'Custom' };
  const named = NAMED_RANGES[start];
  if (named) return { type: 'mapped', name: start, display: named.display };
  const range = /^\d+[smhdwMy]$/.test(start) ? `now-${start}` : start;
  const preset = PAST_PRESETS.find((p) => p.range === range);
  return preset ?? { type: 'relative', range, display: range };
}

export function readLogsUrl(params: URLSearchParams): LogsUrlState {
  return {
    componentId: text(params, 'topologyId'),
    logName: text(params, 'logsSelector'),
    query: params.get('query') ?? '',
    range: rangeFromStart(text(params, 'start'), text(params, 'end')),
  };
}

/** The params with a change applied; a new component forgets the log name chosen for the old. */
export function writeLogsUrl(
  params: URLSearchParams,
  patch: Partial<LogsUrlState>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined) =>
    value ? next.set(key, value) : next.delete(key);
  if ('componentId' in patch) {
    set('topologyId', patch.componentId);
    next.delete('logsSelector');
  }
  if ('logName' in patch) set('logsSelector', patch.logName);
  if ('query' in patch) set('query', patch.query);
  if (patch.range) {
    const r = patch.range;
    next.delete('end');
    if (r.type === 'absolute') {
      set('start', r.from);
      set('end', r.to);
    } else if (r.type === 'mapped') set('start', r.name);
    else set('start', r.range === DEFAULT_RANGE.range ? undefined : r.range);
  }
  return next;
}

/** The range as the logs API takes it: date math stays date math; the rest is resolved now. */
export function rangeForApi(range: TimeRange, now = new Date()): { start: string; end: string } {
  if (range.type === 'relative') {
    const resolved = resolveTimeRange(range, now);
    // A future range ends where it says; a past one at now.
    return resolved && resolved.from.getTime() >= now.getTime()
      ? { start: 'now', end: range.range }
      : { start: range.range, end: 'now' };
  }
  const resolved = resolveTimeRange(range, now);
  if (!resolved) return { start: DEFAULT_RANGE.range, end: 'now' };
  return { start: resolved.from.toISOString(), end: resolved.to.toISOString() };
}
