import type { TopologyComponent } from './types';

/** Spec 002 §9: the named card sizes and their widths in px. */
export const CARD_SIZE_WIDTHS = {
  small: 198,
  medium: 258,
  large: 356,
  extra_large: 554,
} as const;

export type CardSize = keyof typeof CARD_SIZE_WIDTHS;

export const DEFAULT_CARD_SIZE: CardSize = 'medium';

/** Spec 002 §9: the width slider runs from 250 to 768 px in steps of 2. */
export const CARD_WIDTH_MIN = 250;
export const CARD_WIDTH_MAX = 768;
export const CARD_WIDTH_STEP = 2;

function isCardSize(value: string): value is CardSize {
  return Object.hasOwn(CARD_SIZE_WIDTHS, value);
}

/**
 * The size a component asks for through a `size` property (its text or value: small, medium,
 * large or extra_large; 'extra large' and 'extra-large' are read the same); medium otherwise.
 */
export function cardSizeOf(component: Pick<TopologyComponent, 'properties'>): CardSize {
  const properties = Array.isArray(component.properties) ? component.properties : [];
  const size = properties.find((p) => p?.name?.trim().toLowerCase() === 'size');
  const raw = String(size?.text ?? size?.value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return isCardSize(raw) ? raw : DEFAULT_CARD_SIZE;
}

/**
 * A width read back from storage, brought onto the slider's range and steps. Anything that is
 * not a number means the user never chose one (undefined), so cards keep their named sizes.
 */
export function parseCardWidth(stored: string | null | undefined): number | undefined {
  if (stored === null || stored === undefined || stored.trim() === '') return undefined;
  const width = Number(stored);
  if (!Number.isFinite(width)) return undefined;
  const stepped =
    CARD_WIDTH_MIN + Math.round((width - CARD_WIDTH_MIN) / CARD_WIDTH_STEP) * CARD_WIDTH_STEP;
  return Math.min(CARD_WIDTH_MAX, Math.max(CARD_WIDTH_MIN, stepped));
}

/** The card's width: the slider's when the user set one, else the component's named size. */
export function cardWidth(
  component: Pick<TopologyComponent, 'properties'>,
  chosen: number | undefined,
): number {
  return chosen ?? CARD_SIZE_WIDTHS[cardSizeOf(component)];
}
