import { ADMIN_TOKEN } from './server.js';

/**
 * A person with a role, signed up the way people are: invited by the admin, registered through
 * the invitation link, then given a personal API token. Answers their id, token and session
 * cookie.
 */
export async function invitePerson(
  base: string,
  email: string,
  role: string,
  password = 'person-password-1',
): Promise<{ id: string; token: string; cookie: string }> {
  const admin = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' };
  const invite = await fetch(`${base}/api/auth/invite_user`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ firstName: email.split('@')[0], lastName: 'Test', email, role }),
  });
  if (!invite.ok) throw new Error(`invite ${email}: ${invite.status} ${await invite.text()}`);
  const link = new URL(((await invite.json()) as { link: string }).link);
  const reg = await fetch(`${base}/api/auth/registration`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ invite: link.searchParams.get('invite'), password }),
  });
  if (!reg.ok) throw new Error(`register ${email}: ${reg.status} ${await reg.text()}`);
  const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const token = await fetch(`${base}/api/auth/tokens`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'e2e' }),
  });
  const people = await fetch(
    `${base}/api/db/people?email=eq.${encodeURIComponent(email)}&select=id`,
    { headers: admin },
  );
  const [row] = (await people.json()) as { id: string }[];
  return {
    id: row?.id as string,
    token: ((await token.json()) as { token: string }).token,
    cookie,
  };
}
