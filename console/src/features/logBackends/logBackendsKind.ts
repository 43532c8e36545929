import type { SettingsKind } from '../settings/kind';
import type { ResourceDoc } from '../settings/resourceDocument';
import { validateBackendSpec } from './backendSpec';
import { LogBackendForm } from './LogBackendForm';

/**
 * /settings/logging_backends on the generic settings shell (spec 001 "Log backends"): the plain
 * logging_backends table, guarded by the logs object (operator exposure.ts: logging_backends),
 * off when logs are off. Backends with a source other than UI are read-only.
 */
export const LOG_BACKENDS: SettingsKind = {
  table: 'logging_backends',
  view: 'logging_backends',
  title: 'Log Backends',
  singular: 'Log Backend',
  feature: 'settings.logging_backends',
  object: 'logging_backends',
  fields: ['labels'],
  Form: LogBackendForm,
  validate: (doc: ResourceDoc) => validateBackendSpec(doc.spec),
};
