import { z } from 'zod';
import { awsConnectionFields, connectionFields, tlsConfigShape } from '../shared/connections.js';
import { EVEN_IF_INVALID, invalidIssue, requiredIssue } from '../shared/issues.js';
import { intOrString } from '../shared/markers.js';
import { bool, envVars, int, str, stringMap, strings } from '../shared/values.js';
import { check, thresholdMillis } from './common.js';

const crawl = z.object({
  filters: strings(),
  depth: z.int().min(0).default(10),
  allowedDomains: strings(),
  disallowedDomains: strings(),
  allowedURLFilters: strings(),
  disallowedURLFilters: strings(),
  delay: intOrString('Delay between requests.').default('500ms'),
  randomDelay: intOrString('Random extra delay.').default('100ms'),
  parallelism: z.int().min(1).default(2),
});

export const httpCheck = check({
  ...connectionFields,
  endpoint: str().describe('Deprecated: use url. Cannot be set together with url.'),
  method: z.string().default('GET'),
  body: str(),
  templateBody: bool().describe('Render body as a Go template.'),
  headers: envVars(),
  env: envVars().describe('Template variables.'),
  responseCodes: z.array(z.int()).optional().describe('Accepted status codes; empty means 2xx.'),
  responseContent: str().describe('Text the body must contain.'),
  responseJSONContent: z
    .object({ path: z.string(), value: z.string() })
    .optional()
    .describe('Deprecated: use test.'),
  maxSSLExpiry: int().describe('Fail when the certificate expires in fewer days.'),
  thresholdMillis: thresholdMillis(),
  maxRedirects: z.int().min(0).default(10).describe('0 does not follow redirects.'),
  ntlm: bool(),
  ntlmv2: bool(),
  digest: bool(),
  oauth2: z
    .object({ tokenURL: str(), scope: strings(), params: stringMap() })
    .optional()
    .describe('Client id and secret come from username and password.'),
  awsSigV4: z.object({ ...awsConnectionFields, service: str() }).optional(),
  tlsConfig: z.object(tlsConfigShape).optional(),
  crawl: crawl.optional(),
}).superRefine((c, ctx) => {
  // A connection reference can supply the URL; the deprecated endpoint still works alone.
  if (!c.url && !c.endpoint && !c.connection) requiredIssue(ctx, ['url']);
  if (c.url && c.endpoint) invalidIssue(ctx, ['endpoint'], c.endpoint, 'may not be set with url');
}, EVEN_IF_INVALID);
