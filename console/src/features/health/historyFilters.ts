/** The check history filters (spec 001 §5, §9). */

export const DURATION_ERROR = 'duration is allowed only in milli seconds & seconds';

/** Duration filter choices; 'custom' lets the user type one. */
export const DURATION_CHOICES = [
  { value: '', label: 'All' },
  { value: '100ms', label: '100ms' },
  { value: '500ms', label: '500ms' },
  { value: '1s', label: '1s' },
  { value: '5s', label: '5s' },
  { value: '10s', label: '10s' },
  { value: '30s', label: '30s' },
  { value: 'custom', label: 'Custom' },
] as const;

export type StatusFilter = 'all' | 'healthy' | 'unhealthy';

export const STATUS_CHOICES: readonly { value: StatusFilter; label: string }[] = [
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
  { value: 'all', label: 'All' },
];

/** The API's status parameter: 1 healthy, 0 unhealthy, absent for both. */
export function statusParam(filter: StatusFilter): string | undefined {
  if (filter === 'healthy') return '1';
  if (filter === 'unhealthy') return '0';
  return undefined;
}

export const HISTORY_PAGE_SIZES = [50, 100, 200] as const;
export const HISTORY_PAGE_SIZE = 50;

/**
 * Checks a typed minimum duration. Only milliseconds and seconds are allowed ('250ms', '2s',
 * '1.5s'); an empty value means no filter.
 */
export function validateDuration(text: string): { value?: string; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)$/.exec(trimmed);
  if (!match) return { error: DURATION_ERROR };
  const [, amount = '0', unit] = match;
  // The API takes whole milliseconds or the ms/s form; fractions of a second become ms.
  if (unit === 's' && amount.includes('.')) {
    return { value: `${Math.round(Number(amount) * 1000)}ms` };
  }
  if (unit === 'ms' && amount.includes('.')) return { value: `${Math.round(Number(amount))}ms` };
  return { value: `${amount}${unit}` };
}
