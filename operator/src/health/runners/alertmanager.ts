import { invalidResult, resultFrom, type CheckRunner } from '../types.js';
import { getJson, httpTarget, requestError } from './prometheus.js';
import { deadline, seconds } from './sql.js';

/**
 * alertmanager check (crds.md §1.3-1.4): GET `<url>/api/v2/alerts` with one `filter` matcher per
 * condition: `filters` (label=~"v"), `exclude_filters` (label!="v"), `alerts` (alertname=~ the
 * regexes joined with |) and `ignore` (alertname!~ likewise). `data.results.alerts` lists
 * {name, message, labels, annotations, fingerprint}. It fails only when the request does: what
 * the alerts mean is for `test` or `transform`.
 */

const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function stringMap(v: unknown, field: string): Record<string, string> | string {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) return `${field} must be a map of label: value`;
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== 'string' && typeof val !== 'number' && typeof val !== 'boolean')
      return `${field}.${k} must be a string`;
    out[k] = String(val);
  }
  return out;
}

function regexList(v: unknown, field: string): string[] | string {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    return `${field} must be a list of alert-name regexes`;
  for (const r of v as string[]) {
    try {
      new RegExp(r);
    } catch {
      return `${field}: ${r} is not a valid regular expression`;
    }
  }
  return (v as string[]).filter((r) => r !== '');
}

/** The `filter` matchers, in Alertmanager's matcher syntax. */
export function alertFilters(spec: Record<string, unknown>): string[] | string {
  const filters = stringMap(spec.filters, 'filters');
  if (typeof filters === 'string') return filters;
  const exclude = stringMap(spec.exclude_filters, 'exclude_filters');
  if (typeof exclude === 'string') return exclude;
  const alerts = regexList(spec.alerts, 'alerts');
  if (typeof alerts === 'string') return alerts;
  const ignore = regexList(spec.ignore, 'ignore');
  if (typeof ignore === 'string') return ignore;
  const out: string[] = [];
  for (const [k, v] of Object.entries(filters)) out.push(`${k}=~${quote(v)}`);
  for (const [k, v] of Object.entries(exclude)) out.push(`${k}!=${quote(v)}`);
  if (alerts.length) out.push(`alertname=~${quote(alerts.join('|'))}`);
  if (ignore.length) out.push(`alertname!~${quote(ignore.join('|'))}`);
  return out;
}

interface GettableAlert {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  fingerprint?: string;
}

export const alertmanagerRunner: CheckRunner = async (spec, ctx) => {
  const start = new Date();
  const filters = alertFilters(spec);
  if (typeof filters === 'string') return [invalidResult(start, filters)];
  const target = await httpTarget(spec, ctx, 'http://alertmanager.monitoring:9093');
  if (typeof target === 'string') return [invalidResult(start, target)];

  const timeoutS = seconds(spec.timeout, 60);
  const signal = deadline(ctx, timeoutS);
  const params = new URLSearchParams();
  for (const f of filters) params.append('filter', f);
  const query = params.toString() ? `?${params.toString()}` : '';
  let body: unknown;
  try {
    body = await getJson(target, `${target.url}/api/v2/alerts${query}`, signal);
  } catch (err) {
    return [resultFrom(start, false, { error: requestError(err, signal, timeoutS) })];
  }
  if (!Array.isArray(body))
    return [resultFrom(start, false, { error: 'Alertmanager did not answer a list of alerts' })];
  const alerts = (body as GettableAlert[]).map((a) => {
    const labels = a?.labels ?? {};
    const annotations = a?.annotations ?? {};
    return {
      name: labels.alertname ?? '',
      message: annotations.message || annotations.description || annotations.summary || '',
      labels,
      annotations,
      fingerprint: a?.fingerprint ?? '',
    };
  });
  return [resultFrom(start, true, { data: { results: { alerts } } })];
};
