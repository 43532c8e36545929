/**
 * Notification rules (crds.md §5), served as two real kinds of mission-control.flanksource.com/v1
 * with one schema (ADR 0005): `NotificationRule`, the product's own name, and `Notification`,
 * upstream's, so existing manifests apply unchanged. Both become rows of the same table.
 */
import { z } from 'zod';
import {
  AGE_COLUMN,
  CATEGORIES,
  READY_COLUMNS,
  type PrinterColumn,
  type TypedKindDescriptor,
} from '../descriptor.js';
import { httpConnectionFields } from './shared/connections.js';
import { EVEN_IF_INVALID, invalidIssue, requiredIssue } from './shared/issues.js';
import { baseStatusShape, timestamp } from './shared/status.js';
import { bool, int, str, stringMap, strings } from './shared/values.js';

export const RECIPIENT_FIELDS = [
  'person',
  'team',
  'email',
  'connection',
  'url',
  'playbook',
  'webhook',
] as const;

const recipientShape = {
  person: str().describe('Person id or email.'),
  team: str().describe('Team name or id.'),
  email: str(),
  connection: str().describe('connection://<type>/<name> or id.'),
  url: str().describe('Shoutrrr URL.'),
  playbook: str().describe('namespace/name of a playbook to run.'),
  webhook: z.object({ ...httpConnectionFields, method: str() }).optional(),
  properties: stringMap().describe("Merged over the connection's properties."),
};

function recipients(value: Partial<Record<(typeof RECIPIENT_FIELDS)[number], unknown>>) {
  return RECIPIENT_FIELDS.filter((f) => value[f] !== undefined && value[f] !== '');
}

const recipient = z.object(recipientShape).superRefine((to, ctx) => {
  const set = recipients(to);
  if (set.length === 0) {
    requiredIssue(ctx, [], `must specify one of: ${RECIPIENT_FIELDS.join(', ')}`);
  }
  if (set.length > 1) invalidIssue(ctx, [set[1] ?? ''], set, 'exactly one recipient is allowed');
}, EVEN_IF_INVALID);

const fallback = z
  .object({ ...recipientShape, delay: str().describe('Wait before the primary counts as failed.') })
  .superRefine((to, ctx) => {
    const set = recipients(to);
    if (set.length > 1) invalidIssue(ctx, [set[1] ?? ''], set, 'exactly one recipient is allowed');
  }, EVEN_IF_INVALID);

const GROUP_BY = /^(type|description|status_reason|label:.+|tag:.+)$/;

export const notificationSpec = z
  .object({
    events: z
      .array(z.string())
      .min(1)
      .describe('check.failed, config.unhealthy, component.healthy, incident.*, ...'),
    filter: str().describe('CEL; must be true to send.'),
    title: str().describe('Go template; empty uses the default per event.'),
    template: str().describe('Go template (markdown); empty uses the default body.'),
    to: recipient,
    fallback: fallback.optional(),
    repeatInterval: str().describe('Suppress repeats of a sent notification for this long.'),
    waitFor: str().describe('Health events only: hold, then re-check before sending.'),
    waitForEvalPeriod: z.string().default('30s').describe('Kubernetes health only.'),
    groupBy: z
      .array(z.string().regex(GROUP_BY))
      .optional()
      .describe('type, description, status_reason, label:<k> or tag:<k>; needs waitFor.'),
    groupByInterval: z.string().default('24h').describe('Maximum grouping window.'),
    inhibitions: z
      .array(
        z.object({
          direction: z.enum(['outgoing', 'incoming', 'all']),
          soft: bool(),
          depth: z.int().min(0).default(5),
          from: z.string().describe('Config type.'),
          to: strings().describe('Config types.'),
        }),
      )
      .optional(),
  })
  .superRefine((spec, ctx) => {
    if (Array.isArray(spec.groupBy) && spec.groupBy.length && spec.waitFor === '') {
      invalidIssue(ctx, ['waitFor'], '', 'must not be empty when groupBy is set');
    }
  }, EVEN_IF_INVALID);

export const notificationStatus = z.object({
  ...baseStatusShape,
  sent: int(),
  failed: int(),
  pending: int(),
  status: str().describe('ok, failing (the last send failed) or error (the rule has an error).'),
  error: str().describe("The rule's last send error."),
  lastSent: timestamp().optional(),
  lastFailed: timestamp().optional(),
});

const printerColumns = [
  {
    name: 'Events',
    type: 'string',
    jsonPath: '.spec.events',
    description: 'Events that trigger it.',
    priority: 1,
  },
  { name: 'Sent', type: 'integer', jsonPath: '.status.sent', description: 'Sent so far.' },
  { name: 'Failed', type: 'integer', jsonPath: '.status.failed', description: 'Failed sends.' },
  {
    name: 'Last Sent',
    type: 'date',
    jsonPath: '.status.lastSent',
    description: 'Time of the last send.',
    priority: 1,
  },
  ...READY_COLUMNS,
  AGE_COLUMN,
] as const satisfies readonly PrinterColumn[];

/** What the two kinds share: group, schema, columns and the RBAC object. */
const common = {
  aliases: [],
  group: 'mission-control.flanksource.com',
  version: 'v1',
  namespaced: true,
  categories: CATEGORIES,
  printerColumns,
  policyObject: 'notifications',
  spec: notificationSpec,
  status: notificationStatus,
} as const;

/** NotificationRule: the product's name for a rule (`kubectl get notificationrules`, `nr`). */
export const notificationRuleKind: TypedKindDescriptor<
  'NotificationRule',
  typeof notificationSpec,
  typeof notificationStatus
> = {
  ...common,
  kind: 'NotificationRule',
  listKind: 'NotificationRuleList',
  plural: 'notificationrules',
  singular: 'notificationrule',
  shortNames: ['nr'],
  description: 'NotificationRule sends events to a person, team, channel or playbook.',
};

/** Notification: upstream's kind for the same rule, so mission-control manifests apply as-is. */
export const notificationKind: TypedKindDescriptor<
  'Notification',
  typeof notificationSpec,
  typeof notificationStatus
> = {
  ...common,
  kind: 'Notification',
  listKind: 'NotificationList',
  plural: 'notifications',
  singular: 'notification',
  shortNames: ['notif'],
  description:
    "Notification (upstream's name for a NotificationRule) sends events to a person, team, channel or playbook.",
};

/** Both notification kinds: the controllers project either into the same rules. */
export const NOTIFICATION_KINDS = ['NotificationRule', 'Notification'] as const;

export type NotificationSpec = z.output<typeof notificationSpec>;
export type NotificationStatus = z.output<typeof notificationStatus>;
