import client from 'prom-client';
import { evaluate } from './cel.js';
import type { CanaryDefinition, CheckDefinition, FinalResult } from './pipeline.js';

/**
 * Prometheus series with upstream's names (canary_check and friends) so existing dashboards and
 * alerts keep working. Labels are the check's identity only — never its free-form labels — so
 * cardinality is one series per check, and series of removed checks are dropped.
 */
const LABELS = [
  'key',
  'name',
  'canary_name',
  'canary_namespace',
  'check_type',
  'namespace',
] as const;
type Labels = Record<(typeof LABELS)[number], string>;

export class HealthMetrics {
  readonly check: client.Gauge<(typeof LABELS)[number]>;
  readonly duration: client.Histogram<(typeof LABELS)[number]>;
  readonly success: client.Counter<(typeof LABELS)[number]>;
  readonly failure: client.Counter<(typeof LABELS)[number]>;
  readonly lateness: client.Histogram;
  readonly skipped: client.Counter;
  readonly scheduled: client.Gauge;
  private readonly custom = new Map<string, client.Gauge | client.Counter | client.Histogram>();
  private readonly labelsOf = new Map<string, Labels>();

  constructor(private readonly registry: client.Registry) {
    const registers = [registry];
    this.check = new client.Gauge({
      name: 'canary_check',
      help: 'Latest result of a check: 0 passed, 1 failed',
      labelNames: LABELS,
      registers,
    });
    this.duration = new client.Histogram({
      name: 'canary_check_duration',
      help: 'Check duration in milliseconds',
      labelNames: LABELS,
      buckets: [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000],
      registers,
    });
    this.success = new client.Counter({
      name: 'canary_check_success_count',
      help: 'Passed check runs',
      labelNames: LABELS,
      registers,
    });
    this.failure = new client.Counter({
      name: 'canary_check_failed_count',
      help: 'Failed check runs',
      labelNames: LABELS,
      registers,
    });
    this.lateness = new client.Histogram({
      name: 'vigil_canary_start_lateness_seconds',
      help: 'How late canary runs start after their planned time',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.skipped = new client.Counter({
      name: 'vigil_canary_runs_skipped_total',
      help: 'Planned runs skipped because the previous run of the canary was still going',
      registers,
    });
    this.scheduled = new client.Gauge({
      name: 'vigil_canaries_scheduled',
      help: 'Canaries the health engine knows',
      registers,
    });
  }

  record(canary: CanaryDefinition, check: CheckDefinition, checkId: string, r: FinalResult) {
    const labels: Labels = {
      key: checkId,
      name: r.name ?? check.name,
      canary_name: canary.name,
      canary_namespace: canary.namespace,
      check_type: check.type,
      namespace: canary.namespace,
    };
    this.labelsOf.set(checkId, labels);
    this.check.set(labels, r.pass ? 0 : 1);
    if (r.invalid) return;
    this.duration.observe(labels, r.duration);
    (r.pass ? this.success : this.failure).inc(labels);
    this.custom_(check, r, labels);
  }

  /** A check's own `metrics` (crds.md §1.2): CEL values, fixed label names. */
  private custom_(check: CheckDefinition, r: FinalResult, base: Labels) {
    const defs = check.spec.metrics as
      | {
          name?: string;
          type?: string;
          value?: string;
          labels?: { name: string; value?: string; valueExpr?: string }[];
        }[]
      | undefined;
    if (!Array.isArray(defs)) return;
    const vars = {
      ...r.data,
      duration: r.duration,
      pass: r.pass,
      message: r.message ?? '',
      error: r.error ?? '',
      check: { name: check.name },
      results: r.data?.results ?? {},
    };
    for (const def of defs) {
      if (!def.name || !def.value || !/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(def.name)) continue;
      try {
        const value = Number(evaluate(def.value, vars));
        if (!Number.isFinite(value)) continue;
        const labelDefs = def.labels ?? [];
        const labels: Record<string, string> = { key: base.key };
        for (const l of labelDefs) {
          labels[l.name] = l.valueExpr ? String(evaluate(l.valueExpr, vars)) : (l.value ?? '');
        }
        const metric = this.customMetric(def.name, def.type ?? 'gauge', [
          'key',
          ...labelDefs.map((l) => l.name),
        ]);
        if (metric instanceof client.Gauge) metric.set(labels, value);
        else if (metric instanceof client.Counter) metric.inc(labels, value);
        else metric.observe(labels, value);
      } catch {
        // A metric expression that fails to evaluate is skipped; the check result stands.
      }
    }
  }

  private customMetric(name: string, type: string, labelNames: string[]) {
    const key = `${type}:${name}:${labelNames.join(',')}`;
    let m = this.custom.get(key);
    if (!m) {
      if (this.registry.getSingleMetric(name)) this.registry.removeSingleMetric(name);
      const cfg = { name, help: `check metric ${name}`, labelNames, registers: [this.registry] };
      m =
        type === 'counter'
          ? new client.Counter(cfg)
          : type === 'histogram'
            ? new client.Histogram(cfg)
            : new client.Gauge(cfg);
      this.custom.set(key, m);
    }
    return m;
  }

  forget(checkId: string) {
    const labels = this.labelsOf.get(checkId);
    if (!labels) return;
    this.labelsOf.delete(checkId);
    for (const m of [this.check, this.duration, this.success, this.failure]) m.remove(labels);
  }
}
