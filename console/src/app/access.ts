import type { Grant } from '../api/session';

/** Whether whoami's permissions grant `action` on `object` (spec 002 §6). */
export function hasGrant(
  viewer: { permissions: readonly Grant[] },
  object: string,
  action: Grant['action'],
): boolean {
  return viewer.permissions.some((g) => g.object === object && g.action === action);
}
