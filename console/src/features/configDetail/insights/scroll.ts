/** Spec 002 §9: the next page loads once the list is scrolled within 300 px of its end. */
export const LOAD_MORE_THRESHOLD_PX = 300;

/** Whether a scroll area's end is within `threshold` px of its visible bottom. */
export function isNearBottom(
  area: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold: number = LOAD_MORE_THRESHOLD_PX,
): boolean {
  return area.scrollHeight - area.scrollTop - area.clientHeight <= threshold;
}
