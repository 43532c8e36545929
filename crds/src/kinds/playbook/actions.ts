/** Playbook actions: common fields plus exactly one kind (crds.md §4.4). */
import { z } from 'zod';
import {
  artifacts,
  execConnections,
  gitConnection,
  httpConnectionFields,
} from '../shared/connections.js';
import { EVEN_IF_INVALID, invalidIssue, requiredIssue } from '../shared/issues.js';
import { freeForm, openObject } from '../shared/markers.js';
import { bool, envVars, int, optEnvVar, str, stringMap, strings } from '../shared/values.js';

const exec = z.object({
  script: z.string(),
  connections: execConnections.optional(),
  artifacts: artifacts(),
  env: envVars(),
  checkout: gitConnection.optional(),
  setup: freeForm('Runtimes to install before the script runs.').optional(),
});

const http = z.object({
  ...httpConnectionFields,
  method: str(),
  body: str(),
  templateBody: bool(),
});

const sql = z.object({ connection: str(), url: str(), query: z.string(), driver: str() });

const pod = z.object({
  name: z.string(),
  spec: freeForm('Pod spec.'),
  maxLength: int().describe('Maximum log length kept.'),
  artifacts: artifacts(),
});

const notification = z.object({
  url: str().describe('Shoutrrr URL.'),
  connection: str(),
  title: str(),
  message: str(),
  properties: stringMap(),
  attachments: z
    .array(z.object({ filename: str(), content: str(), contentType: str() }))
    .optional(),
});

const gitops = z.object({
  repo: z.object({
    url: str(),
    username: optEnvVar(),
    password: optEnvVar(),
    base: str(),
    branch: str(),
    skipExisting: bool(),
    force: bool(),
    connection: str(),
    type: str(),
  }),
  commit: z.object({ author: str(), email: str(), message: z.string() }).optional(),
  pr: z
    .object({
      title: str(),
      tags: strings(),
      autoMerge: z.object({ enabled: bool(), rebase: bool() }).optional(),
    })
    .optional(),
  patches: z.array(z.object({ path: str(), yq: str(), jq: str(), if: str() })).optional(),
  files: z.array(z.object({ path: str(), content: str() })).optional(),
});

const github = z.object({
  repo: str(),
  username: str(),
  token: optEnvVar(),
  workflows: z.array(z.object({ id: str(), ref: str(), input: str() })).optional(),
});

const azureDevopsPipeline = z.object({
  org: str(),
  project: str(),
  token: optEnvVar(),
  pipeline: z.object({ id: str(), version: str() }).optional(),
  parameters: z
    .object({
      resources: freeForm('Pipeline resources.').optional(),
      templateParameters: freeForm('Template parameters.').optional(),
      variables: freeForm('Variables.').optional(),
      stagesToSkip: strings(),
    })
    .optional(),
});

// The AI action has many LLM context fields our reference only names: keep them all.
const ai = openObject(
  {
    connection: str(),
    apiKey: optEnvVar(),
    backend: str(),
    model: str(),
    apiURL: str(),
    prompt: str(),
    systemPrompt: str(),
    formats: strings().describe('slack, markdown, recommendPlaybook.'),
    dryRun: bool(),
  },
  'AI action.',
);

export const ACTION_KINDS = {
  exec,
  http,
  sql,
  pod,
  notification,
  gitops,
  github,
  azureDevopsPipeline,
  ai,
  prometheus: openObject({ query: str() }, 'Prometheus query action.'),
  logs: freeForm('Logs action (loki, cloudwatch, opensearch or kubernetes).'),
  report: freeForm('Report action.'),
  catalog: freeForm('Catalog action.'),
} as const;

const actionKinds = Object.fromEntries(
  Object.entries(ACTION_KINDS).map(([key, schema]) => [key, schema.optional()]),
) as { [K in keyof typeof ACTION_KINDS]: z.ZodOptional<(typeof ACTION_KINDS)[K]> };

const KIND_NAMES = Object.keys(ACTION_KINDS);

export const playbookAction = z
  .object({
    name: z.string(),
    delay: str().describe('A duration, or CEL returning one (one-minute resolution).'),
    timeout: str(),
    if: str().describe(
      'CEL: a bool, or always(), success() (default), failure(), timeout(), skip().',
    ),
    retry: z
      .object({
        limit: z.int().min(0).optional(),
        duration: str(),
        jitter: z.int().min(0).max(100).optional().describe('Percent.'),
        exponent: z.object({ multiplier: z.int().optional() }).optional(),
      })
      .optional(),
    runsOn: strings(),
    templatesOn: str(),
    contentType: str(),
    ...actionKinds,
  })
  .superRefine((action, ctx) => {
    const set = KIND_NAMES.filter((k) => action[k as keyof typeof action] !== undefined);
    if (set.length === 0) requiredIssue(ctx, [], `must specify one of: ${KIND_NAMES.join(', ')}`);
    if (set.length > 1) invalidIssue(ctx, [set[1] ?? ''], set, 'only one action kind is allowed');
  }, EVEN_IF_INVALID);
