import os from 'node:os';
import { Router, type Response } from 'express';
import type pg from 'pg';
import {
  authenticatePassword,
  createSession,
  endSession,
  type Principal,
} from '../../auth/identity.js';
import { grants } from '../../auth/policy.js';
import { SESSION_COOKIE, requireSignIn } from '../authn.js';
import { badRequest, HttpError } from '../errors.js';

export function whoami(principal: Principal) {
  return {
    message: 'success',
    payload: {
      user: principal.person,
      roles: principal.roles,
      permissions: grants(principal.roles),
      hostname: os.hostname(),
    },
  };
}

function setSessionCookie(res: Response, token: string, expires: Date, secure: boolean): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires,
  });
}

export function authRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.post('/login', async (req, res) => {
    const { username, password } = (req.body ?? {}) as { username?: unknown; password?: unknown };
    if (typeof username !== 'string' || !username.trim()) throw badRequest('username is required');
    if (typeof password !== 'string' || !password) throw badRequest('password is required');
    const person = await authenticatePassword(pool, username.trim(), password);
    if (!person) {
      req.log.warn({ username }, 'failed sign-in');
      throw new HttpError(
        401,
        'invalid_credentials',
        'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
      );
    }
    // A fresh session id at every sign-in: a planted cookie never becomes a signed-in session.
    const previous = res.locals.sessionToken;
    if (previous) await endSession(pool, previous);
    const session = await createSession(pool, person.id, {
      userAgent: req.headers['user-agent'],
      address: req.ip,
    });
    setSessionCookie(res, session.token, session.expiresAt, req.secure);
    req.log.info({ person: person.id }, 'signed in');
    res.json({ message: 'success' });
  });

  router.post('/logout', async (req, res) => {
    const token = res.locals.sessionToken;
    if (token) await endSession(pool, token);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json({ message: 'success' });
  });

  router.get('/whoami', requireSignIn, (_req, res) => {
    res.json(whoami(res.locals.principal as Principal));
  });

  return router;
}
