import { formatPercent } from '../../lib/format';
import type { CheckUptime } from './types';

export type UptimeColor = 'orange' | 'red';

/** Pass rate in percent, or undefined when nothing ran. */
export function passPercent(uptime: CheckUptime | null | undefined): number | undefined {
  const passed = uptime?.passed ?? 0;
  const failed = uptime?.failed ?? 0;
  const total = passed + failed;
  return total > 0 ? (passed / total) * 100 : undefined;
}

/**
 * Uptime colours (spec 001 §9: above 75 orange, above 90 red). The figure that is compared is
 * the failure rate: a check failing more than 75% of its runs is orange, more than 90% red;
 * exactly 75 or 90 is not "above".
 */
export function uptimeColor(passed: number, failed: number): UptimeColor | undefined {
  const total = passed + failed;
  if (total <= 0) return undefined;
  const failure = (failed / total) * 100;
  if (failure > 90) return 'red';
  if (failure > 75) return 'orange';
  return undefined;
}

export const UPTIME_CSS: Record<UptimeColor, string> = {
  orange: 'var(--pf-t--color--orange--50, #ca6c0f)',
  red: 'var(--pf-t--color--red--50, #ee0000)',
};

/** '96.7%' for a check, '' when it did not run in the range. */
export function uptimeText(uptime: CheckUptime | null | undefined): string {
  const percent = passPercent(uptime);
  return percent === undefined ? '' : formatPercent(percent);
}
