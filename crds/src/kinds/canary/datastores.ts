/** SQL, redis, mongodb, elasticsearch/opensearch and ldap checks. */
import { z } from 'zod';
import { connectionFields, tlsConfigShape } from '../shared/connections.js';
import { bool, int, str } from '../shared/values.js';
import { check } from './common.js';

/** postgres, mysql and mssql share one shape. */
export const sqlCheck = check({
  ...connectionFields,
  query: z.string().default('SELECT 1').describe('Rendered as a Go template.'),
  results: z.int().min(0).optional().describe('Minimum number of rows.'),
  timeout: z.int().min(0).default(60).describe('Seconds.'),
});

export const redisCheck = check({
  ...connectionFields,
  addr: str().describe('Deprecated: use url (host:port).'),
  db: int(),
  tlsConfig: z
    .object({ enable: bool(), ...tlsConfigShape })
    .optional()
    .describe('Any non-empty field turns TLS on.'),
});

// Upstream's mongodb check has no test/display/transform.
export const mongodbCheck = check(connectionFields).omit({
  test: true,
  display: true,
  transform: true,
});

/** elasticsearch and opensearch: the hit total must equal `results`. */
export const searchCheck = check({
  ...connectionFields,
  index: str(),
  query: str().describe('JSON search body.'),
  results: int(),
});

export const ldapCheck = check({
  ...connectionFields,
  bindDN: z.string().describe('Bind DN, also used as the search base.'),
  userSearch: str(),
  skipTLSVerify: bool(),
});
