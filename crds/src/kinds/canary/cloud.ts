/** Vendor checks our reference lists by field name only (crds.md §1.3 "others"). */
import { z } from 'zod';
import { awsConnectionFields, gcpConnectionFields } from '../shared/connections.js';
import { openObject } from '../shared/markers.js';
import { bool, int, optEnvVar, str, stringMap, strings } from '../shared/values.js';
import { check, checkBaseShape, thresholdMillis } from './common.js';

export const dynatraceCheck = check({
  connection: str(),
  host: str(),
  scheme: str(),
  apiKey: optEnvVar(),
});

export const cloudwatchCheck = check({
  ...awsConnectionFields,
  alarms: strings(),
  alarmPrefix: str(),
  actionPrefix: str(),
  state: str(),
});

export const awsConfigCheck = check({
  ...awsConnectionFields,
  query: str(),
  aggregatorName: str(),
});

export const awsConfigRuleCheck = check({
  ...awsConnectionFields,
  rules: strings(),
  ignoreRules: strings(),
  complianceTypes: strings(),
});

export const azureDevopsCheck = check({
  connection: str(),
  organization: str(),
  personalAccessToken: optEnvVar(),
  project: str(),
  pipeline: str(),
  variables: stringMap(),
  branch: strings(),
  thresholdMillis: thresholdMillis(),
});

export const databaseBackupCheck = check({
  gcp: z
    .object({
      project: str(),
      instance: str(),
      gcpConnection: z.object(gcpConnectionFields).optional(),
    })
    .optional(),
  maxAge: str(),
});

export const resticCheck = check({
  repository: str(),
  password: optEnvVar(),
  maxAge: str(),
  checkIntegrity: bool(),
  accessKey: optEnvVar(),
  secretKey: optEnvVar(),
  caCert: str(),
  connection: str(),
  awsConnectionName: str(),
});

export const jmeterCheck = check({
  jmx: optEnvVar(),
  host: str(),
  port: int(),
  properties: strings(),
  systemProperties: strings(),
  responseDuration: str(),
});

// Queue settings differ per provider and are not in our reference: keep whatever is given.
export const pubsubCheck = openObject(checkBaseShape, 'Queue check; provider settings are kept.');
