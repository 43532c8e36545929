import type { Request, RequestHandler } from 'express';
import type pg from 'pg';
import { principalFromSession, principalFromToken, type Principal } from '../auth/identity.js';
import { can, denial, type Action, type PolicyObject } from '../auth/policy.js';
import type { PrincipalCache } from '../auth/principalCache.js';
import { forbidden, unauthorized } from '../errors.js';

declare module 'express-serve-static-core' {
  interface Locals {
    principal?: Principal;
    sessionToken?: string;
  }
}

export const SESSION_COOKIE = 'vigil_session';

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** Resolves a bearer token or the session cookie into res.locals.principal; never rejects. */
export function authenticate(pool: pg.Pool, cache: PrincipalCache): RequestHandler {
  const resolve = async (key: string, load: () => Promise<Principal | undefined>) => {
    const cached = cache.get(key);
    if (cached) return cached;
    const principal = await load();
    if (principal) cache.set(key, principal);
    return principal;
  };
  return async (req, res, next) => {
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const token = header.slice(7).trim();
      res.locals.principal = await resolve(`t:${token}`, () => principalFromToken(pool, token));
    } else {
      const token = readCookie(req, SESSION_COOKIE);
      if (token) {
        res.locals.sessionToken = token;
        res.locals.principal = await resolve(`s:${token}`, () => principalFromSession(pool, token));
      }
    }
    next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Writes that can change who someone is or what they may do. */
const ACCESS_CHANGES =
  /^\/(auth|people|rbac)\/|^\/db\/(permissions|teams|team_members|people)(\?|$)/;

/** Clears cached principals after any successful write that may change access. */
export function forgetPrincipalsOnAccessChange(cache: PrincipalCache): RequestHandler {
  return (req, res, next) => {
    if (!SAFE_METHODS.has(req.method) && ACCESS_CHANGES.test(req.path)) {
      res.on('finish', () => {
        if (res.statusCode < 400) cache.clear();
      });
    }
    next();
  };
}

const CROSS_SITE =
  'A security violation was detected: this request did not come from the Vigil console';

/** Whether the request's Origin (or, without one, its Referer) is this server's own host. */
function fromOwnOrigin(req: Request): boolean {
  const origin = req.headers.origin ?? req.headers.referer;
  if (!origin) return false;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false; // 'null' (sandboxed frames, some redirects) or garbage
  }
}

/**
 * The one CSRF guard: a write that rides on the session cookie must come from our own origin.
 * Browsers attach the cookie to cross-site forms and fetches, but a page cannot forge the Origin
 * header. Bearer tokens (API clients, kubectl) are never sent by a browser on its own, so those
 * requests pass. /api, /k8s and sign-out all use this function.
 */
export const requireSameOrigin: RequestHandler = (req, res, next) => {
  if (res.locals.sessionToken !== undefined && !SAFE_METHODS.has(req.method)) {
    if (!fromOwnOrigin(req)) throw forbidden(CROSS_SITE);
  }
  next();
};

/** Requires a principal; cookie-authenticated writes must also pass `requireSameOrigin`. */
export const requireSignIn: RequestHandler = (req, res, next) => {
  if (!res.locals.principal) throw unauthorized();
  requireSameOrigin(req, res, next);
};

export function requirePermission(object: PolicyObject, action: Action): RequestHandler {
  return (_req, res, next) => {
    const principal = res.locals.principal;
    if (!principal) throw unauthorized();
    if (!can(principal, object, action)) throw forbidden(denial(principal, object, action));
    next();
  };
}
