/** Roles a user can be given here (spec 002 §5, §6), in the order they are offered. */
export const ROLE_CHOICES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;

/** Every role the server knows, most powerful first (spec 000 §6). */
const RANK = ['admin', 'editor', 'commander', 'responder', 'viewer'];

export function highestRole(roles: readonly string[]): string | undefined {
  return RANK.find((r) => roles.includes(r)) ?? roles[0];
}

/**
 * The role choices for a user: their highest role first (so the form shows what they have, even
 * a role given elsewhere such as commander), then the others, most powerful first. Invite offers every role the Users page can give.
 */
export function roleChoices(roles: readonly string[] = []): string[] {
  const top = highestRole(roles);
  return top ? [top, ...ROLE_CHOICES.filter((r) => r !== top)] : [...ROLE_CHOICES];
}
