/** The server's rule (docs/api/auth.md): checked here too so the user hears it before sending. */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORD_TOO_SHORT = `Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`;

export function passwordProblem(password: string): string | undefined {
  return password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : undefined;
}
