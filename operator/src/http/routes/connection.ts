import { Router } from 'express';
import type pg from 'pg';
import type { Principal } from '../../auth/identity.js';
import { can, denial, mayReachSome } from '../../auth/policy.js';
import type { ResourceAttrs } from '../../auth/scope.js';
import {
  ConnectionError,
  findConnectionRow,
  resolveConnectionRow,
} from '../../connections/lookup.js';
import { canTest, testConnection } from '../../connections/testers.js';
import { badRequest, forbidden, HttpError, notFound } from '../../errors.js';
import { UUID } from '../../ids.js';
import type { Service } from '../../notify/index.js';

export const UNSUPPORTED_TEST = 'We currently do not support testing this connection type';

export interface ConnectionRouteOptions {
  /** Base URLs of notification services (VIGIL_NOTIFY_ENDPOINTS). */
  notifyEndpoints?: Partial<Record<Service, string>>;
}

/**
 * /api/connection. POST /test/{id} reaches the system with the stored credentials: 200
 * {message: 'ok', detail} when it worked, 400 {error, message} with the reason when not, 501 for
 * types that cannot be tested, 404 for no such connection. Testing uses the secrets, so it needs
 * update on connections (on this connection, for object-scoped Permissions).
 */
export function connectionRoutes(pool: pg.Pool, o: ConnectionRouteOptions = {}): Router {
  const router = Router();

  router.post('/test/:id', async (req, res) => {
    const principal = res.locals.principal as Principal;
    if (!mayReachSome(principal, 'connections', 'update', ['connection']))
      throw forbidden(denial(principal, 'connections', 'update'));
    const id = req.params.id as string;
    if (!UUID.test(id)) throw badRequest(`connection id "${id}" is not a UUID`);
    const row = await findConnectionRow(pool, id, 'default');
    if (!row) throw notFound(`connection ${id} not found`);
    const resources: ResourceAttrs[] = [
      { kind: 'connection', id: row.id, name: row.name, namespace: row.namespace, type: row.type },
    ];
    if (!can(principal, 'connections', 'update', resources))
      throw forbidden(denial(principal, 'connections', 'update', resources));
    if (!canTest(row.type)) throw new HttpError(501, 'not_implemented', UNSUPPORTED_TEST);
    let resolved;
    try {
      resolved = await resolveConnectionRow(row);
    } catch (error) {
      if (error instanceof ConnectionError) throw new HttpError(400, 'test_failed', error.message);
      throw error;
    }
    const outcome = await testConnection(resolved, {
      pool,
      ...(o.notifyEndpoints ? { notifyEndpoints: o.notifyEndpoints } : {}),
    });
    if ('unsupported' in outcome) throw new HttpError(501, 'not_implemented', UNSUPPORTED_TEST);
    if (!outcome.ok) throw new HttpError(400, 'test_failed', outcome.error);
    res.json({ message: 'ok', ...(outcome.detail ? { detail: outcome.detail } : {}) });
  });

  return router;
}
