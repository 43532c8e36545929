/** Permission (mission-control.flanksource.com/v1): RBAC/ABAC grants (crds.md §6). */
import { z } from 'zod';
import { AGE_COLUMN, CATEGORIES, READY_COLUMNS, type TypedKindDescriptor } from '../descriptor.js';
import { EVEN_IF_INVALID, invalidIssue, requiredIssue } from './shared/issues.js';
import { baseStatusShape } from './shared/status.js';
import { resourceSelectors, str, stringMap, strings } from './shared/values.js';

/** In precedence order: only the first non-empty one is used. */
export const SUBJECT_FIELDS = [
  'group',
  'person',
  'team',
  'notification',
  'playbook',
  'plugin',
  'canary',
  'scraper',
  'topology',
] as const;

const subject = z
  .object({
    group: str().describe('PermissionGroup name.'),
    person: str().describe('Person id or email.'),
    team: str().describe('Team name or id.'),
    notification: str().describe('namespace/name or id.'),
    playbook: str().describe('namespace/name or id.'),
    plugin: str().describe('namespace/name or /name.'),
    canary: str().describe('namespace/name or id.'),
    scraper: str().describe('namespace/name or id.'),
    topology: str().describe('namespace/name or id.'),
  })
  .superRefine((s, ctx) => {
    if (!SUBJECT_FIELDS.some((f) => s[f])) {
      requiredIssue(ctx, [], `must specify one of: ${SUBJECT_FIELDS.join(', ')}`);
    }
  }, EVEN_IF_INVALID);

const namedRef = z.object({ id: str(), namespace: str(), name: str() });

const SELECTOR_FIELDS = [
  'playbooks',
  'configs',
  'components',
  'connections',
  'canaries',
  'checks',
  'views',
  'scopes',
];

const object = z
  .object({
    playbooks: resourceSelectors().describe('Playbooks, by id, name, namespace, ...'),
    configs: resourceSelectors().describe(
      'Catalog items, by id, name, namespace, labelSelector, tagSelector, types, health.',
    ),
    components: resourceSelectors().describe('Topology components.'),
    connections: resourceSelectors().describe('Connections.'),
    canaries: resourceSelectors().describe(
      'Health checks by their Canary (a Vigil addition): id, name, namespace, labelSelector.',
    ),
    checks: resourceSelectors().describe('Single health checks (a Vigil addition).'),
    views: z.array(namedRef).optional(),
    scopes: z.array(namedRef).optional(),
    mcp: z.boolean().optional(),
  })
  .superRefine((o, ctx) => {
    const others = SELECTOR_FIELDS.filter((f) => o[f as keyof typeof o] !== undefined);
    if (o.mcp && others.length) {
      invalidIssue(ctx, ['mcp'], true, `may not be combined with ${others.join(', ')}`);
    }
  }, EVEN_IF_INVALID);

export const permissionSpec = z.object({
  description: str(),
  subject,
  actions: z
    .array(z.string())
    .min(1)
    .describe('read, create, update, delete, *, playbook:run, playbook:approve, ...; ! excludes.'),
  object: object.describe('What the actions apply to; name "*" alone means the global object.'),
  deny: z.boolean().default(false).describe('Deny wins over any allow.'),
  agents: strings().describe('Deprecated and ignored: use a Scope.'),
  tags: stringMap().describe('Deprecated and ignored: use a Scope.'),
});

export const permissionStatus = z.object(baseStatusShape);

export const permissionKind: TypedKindDescriptor<
  'Permission',
  typeof permissionSpec,
  typeof permissionStatus
> = {
  kind: 'Permission',
  listKind: 'PermissionList',
  aliases: [],
  group: 'mission-control.flanksource.com',
  version: 'v1',
  plural: 'permissions',
  singular: 'permission',
  shortNames: ['perm'],
  namespaced: true,
  categories: CATEGORIES,
  description: 'Permission allows (or denies) a subject actions on playbooks, configs and more.',
  printerColumns: [
    {
      name: 'Actions',
      type: 'string',
      jsonPath: '.spec.actions',
      description: 'Allowed or denied actions.',
    },
    { name: 'Deny', type: 'boolean', jsonPath: '.spec.deny', description: 'A deny rule.' },
    ...READY_COLUMNS,
    AGE_COLUMN,
  ],
  policyObject: 'permissions',
  spec: permissionSpec,
  status: permissionStatus,
};

export type PermissionSpec = z.output<typeof permissionSpec>;
export type PermissionStatus = z.output<typeof permissionStatus>;
