/** prometheus and alertmanager checks. */
import { z } from 'zod';
import { connectionFields, httpConnectionFields } from '../shared/connections.js';
import { str, stringMap, strings } from '../shared/values.js';
import { check } from './common.js';

export const prometheusCheck = check({
  ...httpConnectionFields,
  query: z.string().describe('PromQL, templatable; an instant query at now.'),
  host: str().describe('Deprecated: use url. A check with host set fails.'),
});

export const alertmanagerCheck = check({
  ...connectionFields,
  alerts: strings().describe('Alert name regexes.'),
  filters: stringMap().describe('Label =~ matchers.'),
  exclude_filters: stringMap().describe('Label != matchers.'),
  ignore: strings().describe('Alert names to leave out (regexes).'),
});
