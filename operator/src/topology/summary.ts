import type { ComponentSet, Counts, SeverityCounts } from './components.js';
import { SUMMARY_LEVELS } from './queryLoad.js';

/**
 * Each component's summary: how many of its descendants (up to 10 levels below it, each counted
 * once however many paths lead to it) are healthy, unhealthy, warning or info, and the check,
 * incident and insight counts of the component and those descendants added up.
 */

export interface Summary {
  healthy: number;
  unhealthy: number;
  warning: number;
  info: number;
  incidents?: SeverityCounts;
  insights?: SeverityCounts;
  checks?: Counts;
}

const COUNTED = ['healthy', 'unhealthy', 'warning', 'info'] as const;

function addCounts(into: Counts, from: Counts) {
  for (const k in from) into[k] = (into[k] ?? 0) + Number(from[k]);
}

function addSeverities(into: SeverityCounts, from: SeverityCounts) {
  for (const type in from) addCounts((into[type] ??= {}), from[type] as Counts);
}

export class Summarizer {
  /** Index into COUNTED of each component's status, or -1. */
  private readonly status: Int8Array;
  /** The walk that last reached each component (so no walk needs a set of its own). */
  private readonly visited: Int32Array;
  private walk = 0;

  /** Whether a component has checks, incidents or insights of its own. */
  private readonly linked: Uint8Array;

  constructor(
    private readonly set: ComponentSet,
    private readonly children: readonly (readonly number[])[],
  ) {
    this.status = Int8Array.from(set.status, (s) => COUNTED.indexOf(s as (typeof COUNTED)[number]));
    this.linked = Uint8Array.from(set.id, (_, i) =>
      set.checks[i] || set.incidents[i] || set.analysis[i] ? 1 : 0,
    );
    this.visited = new Int32Array(set.length);
  }

  summarize(i: number): Summary {
    const walk = ++this.walk;
    const counts = [0, 0, 0, 0];
    const linked: number[] = [];
    if (this.linked[i]) linked.push(i);
    this.visited[i] = walk;
    let level = [i];
    for (let depth = 0; depth < SUMMARY_LEVELS && level.length; depth++) {
      const next: number[] = [];
      for (const parent of level)
        for (const child of this.children[parent] as number[]) {
          if (this.visited[child] === walk) continue;
          this.visited[child] = walk;
          next.push(child);
          const s = this.status[child] as number;
          if (s >= 0) counts[s] = (counts[s] as number) + 1;
          if (this.linked[child]) linked.push(child);
        }
      level = next;
    }
    const summary: Summary = {
      healthy: counts[0] as number,
      unhealthy: counts[1] as number,
      warning: counts[2] as number,
      info: counts[3] as number,
    };
    if (!linked.length) return summary;
    const incidents: SeverityCounts = {};
    const insights: SeverityCounts = {};
    const checks: Counts = {};
    const { set } = this;
    for (const k of linked) {
      const [inc, an, ch] = [set.incidents[k], set.analysis[k], set.checks[k]];
      if (inc) addSeverities(incidents, inc);
      if (an) addSeverities(insights, an);
      if (ch) addCounts(checks, ch);
    }
    if (Object.keys(incidents).length) summary.incidents = incidents;
    if (Object.keys(insights).length) summary.insights = insights;
    if (Object.keys(checks).length) summary.checks = checks;
    return summary;
  }
}
