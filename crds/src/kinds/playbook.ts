/** Playbook (mission-control.flanksource.com/v1): runnable automation (crds.md §4). */
import { z } from 'zod';
import { AGE_COLUMN, CATEGORIES, READY_COLUMNS, type TypedKindDescriptor } from '../descriptor.js';
import { playbookAction } from './playbook/actions.js';
import { duplicateIssue, EVEN_IF_INVALID, invalidIssue } from './shared/issues.js';
import { freeForm } from './shared/markers.js';
import { baseStatusShape } from './shared/status.js';
import { bool, envVars, resourceSelectors, str, stringMap, strings } from './shared/values.js';

const trigger = <T extends readonly [string, ...string[]]>(events: T) =>
  z.object({
    event: z.enum(events),
    filter: str().describe('CEL.'),
    labels: stringMap().describe('Labels the resource must match.'),
  });

const playbookOn = z.object({
  canary: z.array(trigger(['passed', 'failed'])).optional(),
  component: z.array(trigger(['healthy', 'unhealthy', 'warning', 'unknown'])).optional(),
  config: z
    .array(
      trigger([
        'created',
        'updated',
        'changed',
        'deleted',
        'healthy',
        'unhealthy',
        'warning',
        'degraded',
        'unknown',
      ]),
    )
    .optional(),
  webhook: z
    .object({
      path: z.string().describe('Served at /playbook/webhook/<path>.'),
      authentication: z
        .object({
          basic: z.object({ username: z.string(), password: z.string() }).optional(),
          github: z.object({ token: z.string() }).optional(),
          svix: z.object({ secret: z.string(), verifyTimestamp: str() }).optional(),
          jwt: z.object({ jwksUri: z.string() }).optional(),
        })
        .optional(),
    })
    .optional(),
  schedule: z
    .array(
      z.object({
        schedule: z.string().describe('Cron (UTC unless CRON_TZ=).'),
        parameters: stringMap().describe('Templated per run.'),
      }),
    )
    .optional(),
});

export const PARAMETER_TYPES = [
  'text',
  'checkbox',
  'code',
  'list',
  'config',
  'configs',
  'check',
  'component',
  'people',
  'team',
  'duration',
  'millicores',
  'bytes',
  'secret',
] as const;

const parameter = z.object({
  name: z.string().describe('Addressed as .params.<name>.'),
  label: str(),
  description: str(),
  icon: str(),
  default: str().describe('Go template, usually $(...).'),
  dependsOn: strings(),
  required: bool(),
  type: z.enum(PARAMETER_TYPES).default('text'),
  properties: freeForm('Type-specific settings (options, min, max, language, ...).').optional(),
});

export const playbookSpec = z
  .object({
    title: str().describe('Defaults to metadata.name.'),
    description: str(),
    icon: str(),
    category: str(),
    // No schema default: upstream reads it from the playbook.run.timeout property (30m).
    timeout: str().describe('Maximum run time; default 30m.'),
    on: playbookOn.optional(),
    // YAML 1.1 (kubectl's parser) reads an unquoted `on:` key as the boolean true, so kubectl
    // sends `spec.on` as `spec["true"]`. Accepted here (a real API server would otherwise prune
    // it) and read as `on` by Vigil.
    true: playbookOn.optional().describe('The on: key as kubectl sends it unquoted; read as on.'),
    runsOn: strings().describe('Agents that may run it; empty means this instance.'),
    templatesOn: str().describe('host (default) or agent.'),
    env: envVars(),
    checks: resourceSelectors(),
    configs: resourceSelectors(),
    components: resourceSelectors(),
    parameters: z.array(parameter).optional(),
    actions: z.array(playbookAction).min(1),
    filters: strings().describe('CEL; all must be true for a run to be created.'),
    approval: z
      .object({
        type: str().describe('any, or all (anything else means all).'),
        approvers: z.object({ people: strings(), teams: strings() }).optional(),
      })
      .optional(),
    permissions: z.array(z.object({ role: str(), team: str(), ref: str() })).optional(),
    jsonSchema: str().describe('A JSON schema (or URL) replacing parameters.'),
    ui: freeForm('Form properties.').optional(),
    mcp: freeForm('Settings for exposing the playbook as an MCP tool.').optional(),
  })
  .superRefine((spec, ctx) => {
    const seen = new Set<unknown>();
    (Array.isArray(spec.actions) ? spec.actions : []).forEach((action, i) => {
      const name: unknown = action?.name;
      if (typeof name !== 'string') return;
      if (seen.has(name)) duplicateIssue(ctx, ['actions', i, 'name'], name);
      seen.add(name);
    });
    const approvers = spec.approval?.approvers;
    const hasApprovers = Boolean(approvers?.people?.length || approvers?.teams?.length);
    if ((spec.on ?? spec.true)?.schedule?.length && hasApprovers) {
      invalidIssue(ctx, ['approval'], 'approvers', 'scheduled playbooks may not have approvers');
    }
  }, EVEN_IF_INVALID);

export const playbookStatus = z.object(baseStatusShape);

export const playbookKind: TypedKindDescriptor<
  'Playbook',
  typeof playbookSpec,
  typeof playbookStatus
> = {
  kind: 'Playbook',
  listKind: 'PlaybookList',
  aliases: [],
  group: 'mission-control.flanksource.com',
  version: 'v1',
  plural: 'playbooks',
  singular: 'playbook',
  shortNames: ['pb'],
  namespaced: true,
  categories: CATEGORIES,
  description: 'Playbook is a parameterised sequence of actions, run by hand or on events.',
  printerColumns: [
    {
      name: 'Category',
      type: 'string',
      jsonPath: '.spec.category',
      description: 'Category shown in the console.',
      priority: 1,
    },
    ...READY_COLUMNS,
    AGE_COLUMN,
  ],
  policyObject: 'playbooks',
  spec: playbookSpec,
  status: playbookStatus,
};

export type PlaybookSpec = z.output<typeof playbookSpec>;
export type PlaybookStatus = z.output<typeof playbookStatus>;
