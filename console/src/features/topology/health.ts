import type { TopologyComponent } from './types';

type HealthSource = Pick<TopologyComponent, 'health' | 'status'>;

/**
 * The health a card shows: the `health` column when set, else `status` (the older column that
 * still carries health-ish values). Lowercased; blank is 'unknown'.
 */
export function healthOf({ health, status }: HealthSource): string {
  const value = (health?.trim() || status?.trim() || '').toLowerCase();
  return value || 'unknown';
}

/** Spec 002 §9 'Sort by health': unhealthy 1, warning 2, healthy 3, info 4; anything else after. */
const RANK: Readonly<Record<string, number>> = { unhealthy: 1, warning: 2, healthy: 3, info: 4 };
const UNRANKED = 5;

export function healthRank(component: HealthSource): number {
  return RANK[healthOf(component)] ?? UNRANKED;
}

/** Display name: the component's `text` when it has one, else its name. */
export function displayName(component: Pick<TopologyComponent, 'name' | 'text'>): string {
  return component.text?.trim() || component.name;
}

/**
 * Children in card order (spec 002 §2 'Cards'): unhealthy first, then warning, then healthy;
 * by name within the same health so the list does not reshuffle between refreshes.
 */
export function sortByHealth<T extends HealthSource & Pick<TopologyComponent, 'name' | 'text'>>(
  components: readonly T[],
): T[] {
  return [...components].sort(
    (a, b) =>
      healthRank(a) - healthRank(b) ||
      displayName(a).localeCompare(displayName(b), undefined, { sensitivity: 'base' }),
  );
}

/**
 * Spec 002: an unhealthy card has a red border (PatternFly's danger colour), a warning card an
 * orange one (PatternFly's orange: its status warning token is yellow); others none.
 */
export const UNHEALTHY_BORDER =
  'var(--pf-t--global--border--color--status--danger--default, #b1380b)';
export const WARNING_BORDER = 'var(--pf-t--color--orange--40, #f5921b)';

export function cardBorderColor(component: HealthSource): string | undefined {
  switch (healthOf(component)) {
    case 'unhealthy':
      return UNHEALTHY_BORDER;
    case 'warning':
      return WARNING_BORDER;
    default:
      return undefined;
  }
}

export type HealthLabelColor = 'red' | 'orange' | 'green' | 'grey';

export function healthLabelColor(component: HealthSource): HealthLabelColor {
  switch (healthOf(component)) {
    case 'unhealthy':
      return 'red';
    case 'warning':
      return 'orange';
    case 'healthy':
      return 'green';
    default:
      return 'grey';
  }
}
