import os from 'node:os';
import { Router, type Request, type Response } from 'express';
import type pg from 'pg';
import {
  checkSecondFactor,
  hasSecondFactor,
  invitation,
  recover,
  register,
  verify,
} from '../../auth/accounts.js';
import {
  authenticatePassword,
  createSession,
  endSession,
  type Principal,
} from '../../auth/identity.js';
import { consumeLink, createLink } from '../../auth/links.js';
import { grants } from '../../auth/policy.js';
import { Throttle } from '../../auth/throttle.js';
import { propertyValue, type LocalProperties } from '../../properties/local.js';
import { badRequest, HttpError } from '../../errors.js';
import { SESSION_COOKIE, requireSameOrigin, requireSignIn } from '../authn.js';

export function whoami(principal: Principal) {
  return {
    message: 'success',
    payload: {
      user: principal.person,
      roles: principal.roles,
      permissions: grants(principal),
      hostname: os.hostname(),
    },
  };
}

const INVALID_CREDENTIALS =
  'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.';

function text(body: unknown, key: string, message: string): string {
  const v = (body as Record<string, unknown> | undefined)?.[key];
  if (typeof v !== 'string' || !v.trim()) throw badRequest(message);
  return v;
}

/** Sign-in, sign-out and the self-service flows that need no session. */
export function authRoutes(pool: pg.Pool, local?: LocalProperties): Router {
  const router = Router();
  // Accounts lock after 5 failures; addresses (shared by offices behind NAT) after 50.
  const accounts = new Throttle(5);
  const addresses = new Throttle(50);
  const throttleFor = (key: string) => (key.startsWith('address:') ? addresses : accounts);

  const startSession = async (req: Request, res: Response, personId: string) => {
    // A fresh session id at every sign-in: a planted cookie never becomes a signed-in session.
    const previous = res.locals.sessionToken;
    if (previous) await endSession(pool, previous);
    const session = await createSession(pool, personId, {
      userAgent: req.headers['user-agent'],
      address: req.ip,
    });
    res.cookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      expires: session.expiresAt,
    });
    req.log.info({ person: personId }, 'signed in');
  };

  const refuseIfThrottled = (res: Response, keys: string[]) => {
    const wait = Math.max(...keys.map((k) => throttleFor(k).retryAfter(k)));
    if (wait > 0) {
      res.setHeader('Retry-After', String(Math.ceil(wait / 1000)));
      throw new HttpError(
        429,
        'too_many_attempts',
        `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60_000)} minutes.`,
      );
    }
  };

  router.post('/login', async (req, res) => {
    const username = text(req.body, 'username', 'username is required').trim();
    const password = text(req.body, 'password', 'password is required');
    const keys = [`account:${username.toLowerCase()}`, `address:${req.ip ?? ''}`];
    refuseIfThrottled(res, keys);
    const person = await authenticatePassword(pool, username, password);
    if (!person) {
      keys.forEach((k) => throttleFor(k).fail(k));
      req.log.warn({ username, address: req.ip }, 'failed sign-in');
      throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS);
    }
    accounts.succeed(keys[0] as string);
    if (await hasSecondFactor(pool, person.id)) {
      const flow = await createLink(pool, 'second_factor', { personId: person.id });
      res.json({ message: 'second_factor_required', flow });
      return;
    }
    await startSession(req, res, person.id);
    res.json({ message: 'success' });
  });

  router.post('/login/second-factor', async (req, res) => {
    const flow = text(req.body, 'flow', 'flow is required');
    const code = text(req.body, 'code', 'code is required');
    const key = `flow:${flow}`;
    refuseIfThrottled(res, [key, `address:${req.ip ?? ''}`]);
    const link = await consumeLink(pool, 'second_factor', flow);
    if (!link?.personId)
      throw new HttpError(
        410,
        'self_service_flow_expired',
        'Your interaction expired, please fill out the form again.',
      );
    if (!(await checkSecondFactor(pool, link.personId, code))) {
      addresses.fail(`address:${req.ip ?? ''}`);
      req.log.warn({ person: link.personId, address: req.ip }, 'failed second factor');
      // The flow stays usable for another try: issue its replacement.
      const retry = await createLink(pool, 'second_factor', { personId: link.personId });
      res.status(401).json({
        error: 'invalid_code',
        message: 'The provided authentication code is invalid, please try again.',
        flow: retry,
      });
      return;
    }
    await startSession(req, res, link.personId);
    res.json({ message: 'success' });
  });

  // Sign-out is a write too: another site must not be able to end someone's session.
  router.post('/logout', requireSameOrigin, async (_req, res) => {
    const token = res.locals.sessionToken;
    if (token) await endSession(pool, token);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json({ message: 'success' });
  });

  router.get('/whoami', requireSignIn, (_req, res) => {
    res.json(whoami(res.locals.principal as Principal));
  });

  router.get('/invitations/:token', async (req, res) => {
    res.json(await invitation(pool, req.params.token as string));
  });

  router.post('/registration', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    // The properties file's value wins over the database's (docs/operations.md).
    const registration = await propertyValue(pool, local, 'registration.enabled');
    const personId = await register(
      pool,
      {
        ...(body as Record<string, string>),
        password: body.password as string,
        ...(typeof body.invite === 'string' ? { invite: body.invite } : {}),
      },
      registration === 'true',
    );
    await startSession(req, res, personId);
    res.json({ message: 'success' });
  });

  router.post('/recovery', async (req, res) => {
    const personId = await recover(
      pool,
      text(req.body, 'token', 'token is required'),
      text(req.body, 'password', 'password is required'),
    );
    // A recovery link replaces the password, not the second factor: someone who holds the
    // link (an administrator made it) still needs the person's authenticator to get in.
    if (await hasSecondFactor(pool, personId)) {
      const flow = await createLink(pool, 'second_factor', { personId });
      res.json({ message: 'second_factor_required', flow });
      return;
    }
    await startSession(req, res, personId);
    res.json({ message: 'success' });
  });

  router.post('/verification', async (req, res) => {
    await verify(pool, text(req.body, 'token', 'token is required'));
    res.json({ message: 'Your email address has been verified' });
  });

  return router;
}
