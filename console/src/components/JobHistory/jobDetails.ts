import { isObject } from '../../lib/jsonDoc';

/**
 * What the "Details for job {name}" dialog shows of a run's details (spec 001 "Job History
 * page"): Errors, Scrape Summary and Reconcile Summary, each only when it holds something.
 */

export type JobDetailTab = 'errors' | 'scrape_summary' | 'summary';

export const JOB_DETAIL_TAB_TITLES: Readonly<Record<JobDetailTab, string>> = {
  errors: 'Errors',
  scrape_summary: 'Scrape Summary',
  summary: 'Reconcile Summary',
};

/** The tabs in the order shown, which is also the order the first one is chosen in. */
const ORDER: readonly JobDetailTab[] = ['errors', 'scrape_summary', 'summary'];

/** Holds something worth a tab: not null, not blank text, not an empty list or object. */
export function hasData(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}

/** The tabs a run's details have; none means no dialog opens for it. */
export function jobDetailTabs(details: unknown): JobDetailTab[] {
  if (!isObject(details)) return [];
  return ORDER.filter((tab) => hasData(details[tab]));
}

/** Errors, else Scrape Summary, else Reconcile Summary. */
export function initialJobDetailTab(details: unknown): JobDetailTab | undefined {
  return jobDetailTabs(details)[0];
}

/** How the Errors tab shows them: a string as text, a list as a table, a map as code. */
export type ErrorsView =
  | { kind: 'text'; text: string }
  | { kind: 'list'; errors: string[] }
  | { kind: 'map'; value: unknown };

const asLine = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

export function errorsView(errors: unknown): ErrorsView {
  if (Array.isArray(errors)) return { kind: 'list', errors: errors.map(asLine) };
  if (isObject(errors)) return { kind: 'map', value: errors };
  return { kind: 'text', text: asLine(errors) };
}
