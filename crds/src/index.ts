export { AGE_COLUMN, CATEGORIES, READY_COLUMNS } from './descriptor.js';
export type { KindDescriptor, PrinterColumn, ScaleSubresource } from './descriptor.js';
export { KINDS, apiVersion, kindByName, kindByResource } from './kinds.js';
export type {
  Canary,
  KindAlias,
  KindName,
  KindOf,
  Notification,
  NotificationRule,
  Permission,
  Playbook,
  Resource,
  ResourceOf,
  ScrapeConfig,
  Topology,
} from './kinds.js';
export { canaryKind, canarySpec, canaryStatus } from './kinds/canary.js';
export type { CanarySpec, CanaryStatus } from './kinds/canary.js';
export { componentSpec, topologyKind, topologySpec, topologyStatus } from './kinds/topology.js';
export type { ComponentSpec, TopologySpec, TopologyStatus } from './kinds/topology.js';
export { scrapeConfigKind, scrapeConfigSpec, scrapeConfigStatus } from './kinds/scrapeconfig.js';
export type { ScrapeConfigSpec, ScrapeConfigStatus } from './kinds/scrapeconfig.js';
export { PARAMETER_TYPES, playbookKind, playbookSpec, playbookStatus } from './kinds/playbook.js';
export type { PlaybookSpec, PlaybookStatus } from './kinds/playbook.js';
export {
  NOTIFICATION_KINDS,
  RECIPIENT_FIELDS,
  notificationKind,
  notificationRuleKind,
  notificationSpec,
  notificationStatus,
} from './kinds/notification.js';
export type { NotificationSpec, NotificationStatus } from './kinds/notification.js';
export {
  SUBJECT_FIELDS,
  permissionKind,
  permissionSpec,
  permissionStatus,
} from './kinds/permission.js';
export type { PermissionSpec, PermissionStatus } from './kinds/permission.js';
export { dnsQueryTypes } from './kinds/canary/network.js';
export { REMOVED_CHECK_TYPES } from './kinds/canary/removed.js';
export { ACTION_KINDS } from './kinds/playbook/actions.js';
export { condition, conditions } from './kinds/shared/status.js';
export { objectMeta } from './kinds/shared/meta.js';
export type { ObjectMeta } from './kinds/shared/meta.js';
export { crdManifest, objectSchema, toStructural } from './openapi.js';
export type { SchemaNode } from './openapi.js';
export { validate, validateStatus } from './validate.js';
export type { Cause, CauseReason, ValidationResult } from './validate.js';
export { crdFiles, MANIFEST_DIRS } from './manifests.js';
export type { GeneratedFile } from './manifests.js';
export { toYaml } from './yaml.js';
export {
  CONNECTION_TYPE_NAMES,
  CONNECTION_TYPES,
  SECRET_COLUMNS,
  connectionType,
} from './connectionTypes.js';
export type {
  ConnectionCategory,
  ConnectionColumn,
  ConnectionField,
  ConnectionFieldKind,
  ConnectionType,
} from './connectionTypes.js';
