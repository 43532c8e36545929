/**
 * The health check types the editor offers (spec 001 "Spec editors") and, for the ones Vigil
 * runs, the form fields of each (crds.md §1.2–1.3, JSON names). Paths are relative to one check.
 */

import type { BasicFieldKind, FieldDef as SpecFieldDef } from '../../components/SpecForm/fields';

export type { Path } from '../../lib/jsonDoc';

/** The shared spec-editor kinds it uses, plus the health check form's own (fields.tsx). */
export type FieldKind =
  Exclude<BasicFieldKind, 'choices'> | 'env' | 'secret' | 'codes' | 'auth' | 'method' | 'script';

export type FieldDef = SpecFieldDef<FieldKind>;

export interface CheckType {
  id: string;
  label: string;
  /** The spec keys (check arrays) holding this type's checks; the first is used for new ones. */
  keys: readonly string[];
  /** Option labels of `keys` when there are several (the SQL database). */
  keyLabels?: readonly string[];
  /** Vigil runs it and the editor has a form for it; otherwise it is edited as YAML only. */
  form: boolean;
  /** A new check of this type. */
  starter: () => Record<string, unknown>;
  fields: readonly FieldDef[];
}

/** The settings editor's schedules (spec 001 §9). */
export const SCHEDULES = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;
export const DEFAULT_SCHEDULE = '@every 5m';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const RESPONSE_CODES = [200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503] as const;

export const AUTH_CHOICES = ['None', 'Basic', 'NTLM', 'NTLMv2'] as const;
export type AuthChoice = (typeof AUTH_CHOICES)[number];

/** The Script selector's choices and the Template key each one writes. */
export const SCRIPT_CHOICES = [
  { label: 'None', key: undefined },
  { label: 'Go Template', key: 'template' },
  { label: 'Javascript', key: 'javascript' },
  { label: 'Expr', key: 'expr' },
  { label: 'JSONPath', key: 'jsonPath' },
] as const;

const name = (required = true): FieldDef => ({
  kind: 'text',
  path: ['name'],
  label: 'Name',
  required,
});
const description: FieldDef = { kind: 'text', path: ['description'], label: 'Description' };
const icon: FieldDef = { kind: 'text', path: ['icon'], label: 'Icon' };
const threshold: FieldDef = {
  kind: 'number',
  path: ['thresholdMillis'],
  label: 'Threshold (ms)',
  min: 0,
  helper: 'Fail when the check takes longer; 0 disables.',
};
const scripts: readonly FieldDef[] = [
  { kind: 'script', path: ['test'], label: 'Test' },
  { kind: 'script', path: ['display'], label: 'Display' },
  { kind: 'script', path: ['transform'], label: 'Transform' },
];
const connection: FieldDef = {
  kind: 'text',
  path: ['connection'],
  label: 'Connection',
  placeholder: 'connection://<namespace>/<name>',
};
const markFailOnEmpty: FieldDef = {
  kind: 'bool',
  path: ['markFailOnEmpty'],
  label: 'Fail when the result is empty',
};

const http: CheckType = {
  id: 'http',
  label: 'HTTP',
  keys: ['http'],
  form: true,
  starter: () => ({ name: '', url: '' }),
  fields: [
    name(),
    icon,
    description,
    {
      kind: 'text',
      path: ['url'],
      label: 'URL',
      required: true,
      unless: ['connection', 'endpoint'],
      placeholder: 'https://example.com/health',
    },
    { kind: 'method', path: ['method'], label: 'Method' },
    { kind: 'env', path: ['headers'], label: 'Headers' },
    { kind: 'auth', path: [], label: 'Authentication' },
    { kind: 'codes', path: ['responseCodes'], label: 'Response Codes' },
    threshold,
    {
      kind: 'text',
      path: ['responseContent'],
      label: 'Response Content',
      helper: 'Text the response body must contain.',
    },
    {
      kind: 'number',
      path: ['maxSSLExpiry'],
      label: 'Max SSL Expiry (days)',
      min: 0,
      helper: 'Fail when the certificate expires in fewer days.',
    },
    ...scripts,
  ],
};

const tcp: CheckType = {
  id: 'tcp',
  label: 'TCP',
  keys: ['tcp'],
  form: true,
  starter: () => ({ name: '', endpoint: '' }),
  fields: [
    name(),
    icon,
    description,
    {
      kind: 'text',
      path: ['endpoint'],
      label: 'Endpoint',
      required: true,
      placeholder: 'host:port',
    },
    threshold,
    ...scripts,
  ],
};

const dns: CheckType = {
  id: 'dns',
  label: 'DNS',
  keys: ['dns'],
  form: true,
  starter: () => ({ name: '', query: '' }),
  fields: [
    name(),
    icon,
    description,
    {
      kind: 'text',
      path: ['server'],
      label: 'Server',
      helper: 'Empty uses the system resolver.',
    },
    { kind: 'number', path: ['port'], label: 'Port', placeholder: '53' },
    { kind: 'text', path: ['query'], label: 'Query', placeholder: 'example.com' },
    {
      kind: 'select',
      path: ['querytype'],
      label: 'Query Type',
      options: ['A', 'CNAME', 'SRV', 'MX', 'PTR', 'TXT', 'NS'],
    },
    { kind: 'number', path: ['minrecords'], label: 'Min Records' },
    { kind: 'strings', path: ['exactreply'], label: 'Exact Reply', helper: 'One answer per line.' },
    { kind: 'number', path: ['timeout'], label: 'Timeout (seconds)', placeholder: '10' },
    threshold,
    ...scripts,
  ],
};

const icmp: CheckType = {
  id: 'icmp',
  label: 'ICMP Ping',
  keys: ['icmp'],
  form: true,
  starter: () => ({ name: '', endpoint: '' }),
  fields: [
    name(false),
    icon,
    description,
    { kind: 'text', path: ['endpoint'], label: 'Host', required: true, placeholder: 'example.com' },
    { ...threshold, helper: 'Fail when the average round trip takes longer.' },
    {
      kind: 'number',
      path: ['packetLossThreshold'],
      label: 'Packet Loss Threshold (%)',
      min: 0,
    },
    { kind: 'number', path: ['packetCount'], label: 'Packet Count', min: 0, placeholder: '5' },
    ...scripts,
  ],
};

const exec: CheckType = {
  id: 'exec',
  label: 'Exec',
  keys: ['exec'],
  form: true,
  starter: () => ({ name: '', script: '' }),
  fields: [
    name(),
    icon,
    description,
    {
      kind: 'textarea',
      path: ['script'],
      label: 'Script',
      required: true,
      helper: 'Runs in bash; a shebang picks another interpreter.',
    },
    { kind: 'env', path: ['env'], label: 'Environment' },
    ...scripts,
  ],
};

const sql: CheckType = {
  id: 'sql',
  label: 'SQL Query',
  keys: ['postgres', 'mysql'],
  keyLabels: ['PostgreSQL', 'MySQL'],
  form: true,
  starter: () => ({ name: '', query: 'SELECT 1' }),
  fields: [
    name(),
    icon,
    description,
    { ...connection, helper: 'A connection reference, or the database URL.' },
    { kind: 'text', path: ['url'], label: 'URL', placeholder: 'postgres://host:5432/db' },
    { kind: 'secret', path: ['username'], label: 'Username' },
    { kind: 'secret', path: ['password'], label: 'Password' },
    { kind: 'textarea', path: ['query'], label: 'Query', placeholder: 'SELECT 1' },
    {
      kind: 'number',
      path: ['results'],
      label: 'Results',
      min: 0,
      helper: 'The minimum number of rows.',
    },
    { kind: 'number', path: ['timeout'], label: 'Timeout (seconds)', placeholder: '60' },
    markFailOnEmpty,
    ...scripts,
  ],
};

const redis: CheckType = {
  id: 'redis',
  label: 'Redis',
  keys: ['redis'],
  form: true,
  starter: () => ({ name: '', addr: '' }),
  fields: [
    name(),
    icon,
    description,
    {
      kind: 'text',
      path: ['addr'],
      label: 'Address',
      required: true,
      unless: ['url', 'connection'],
      placeholder: 'redis:6379',
    },
    { kind: 'number', path: ['db'], label: 'DB' },
    { kind: 'secret', path: ['username'], label: 'Username' },
    { kind: 'secret', path: ['password'], label: 'Password' },
    ...scripts,
  ],
};

const prometheus: CheckType = {
  id: 'prometheus',
  label: 'Prometheus',
  keys: ['prometheus'],
  form: true,
  starter: () => ({ name: '', query: '' }),
  fields: [
    name(),
    icon,
    description,
    {
      kind: 'text',
      path: ['url'],
      label: 'URL',
      placeholder: 'http://prometheus:9090',
      helper: 'Empty uses the global Prometheus URL.',
    },
    { kind: 'textarea', path: ['query'], label: 'Query', required: true, helper: 'PromQL.' },
    markFailOnEmpty,
    ...scripts,
  ],
};

const alertmanager: CheckType = {
  id: 'alertmanager',
  label: 'Alert Manager',
  keys: ['alertmanager'],
  form: true,
  starter: () => ({ name: '', url: '' }),
  fields: [
    name(),
    icon,
    description,
    {
      kind: 'text',
      path: ['url'],
      label: 'Host',
      required: true,
      unless: ['connection'],
      placeholder: 'http://alertmanager:9093',
    },
    {
      kind: 'strings',
      path: ['alerts'],
      label: 'Alerts',
      helper: 'Alert name regexes, one a line.',
    },
    { kind: 'map', path: ['filters'], label: 'Filters' },
    { kind: 'map', path: ['exclude_filters'], label: 'Exclude Filters' },
    { kind: 'strings', path: ['ignore'], label: 'Ignore', helper: 'Alert names to leave out.' },
    ...scripts,
  ],
};

const folder: CheckType = {
  id: 'folder',
  label: 'Folder',
  keys: ['folder'],
  form: true,
  starter: () => ({ name: '', path: '' }),
  fields: [
    name(),
    icon,
    description,
    { kind: 'text', path: ['path'], label: 'Path', required: true, placeholder: '/data/backups' },
    { kind: 'bool', path: ['recursive'], label: 'Recursive' },
    { kind: 'text', path: ['filter', 'regex'], label: 'Filter: Name Regex' },
    { kind: 'text', path: ['filter', 'minAge'], label: 'Filter: Min Age' },
    { kind: 'text', path: ['filter', 'maxAge'], label: 'Filter: Max Age' },
    { kind: 'text', path: ['filter', 'since'], label: 'Filter: Since', placeholder: 'now-60d' },
    { kind: 'text', path: ['minAge'], label: 'Min Age', helper: 'Tested on the newest file.' },
    { kind: 'text', path: ['maxAge'], label: 'Max Age', helper: 'Tested on the oldest file.' },
    { kind: 'number', path: ['minCount'], label: 'Min Count' },
    { kind: 'number', path: ['maxCount'], label: 'Max Count' },
    { kind: 'text', path: ['minSize'], label: 'Min Size', placeholder: '10mb' },
    { kind: 'text', path: ['maxSize'], label: 'Max Size', placeholder: '1GB' },
    ...scripts,
  ],
};

const junit: CheckType = {
  id: 'junit',
  label: 'JUnit',
  keys: ['junit'],
  form: true,
  starter: () => ({
    name: '',
    testResults: '/tmp/junit-results/',
    spec: { containers: [{ name: 'tests', image: '' }] },
  }),
  fields: [
    name(),
    icon,
    description,
    { kind: 'text', path: ['testResults'], label: 'Test Results Directory', required: true },
    { kind: 'yaml', path: ['spec'], label: 'Pod Spec', required: true },
    { kind: 'number', path: ['timeout'], label: 'Timeout (minutes)', placeholder: '5' },
    ...scripts,
  ],
};

const kubernetes: CheckType = {
  id: 'kubernetes',
  label: 'Kubernetes',
  keys: ['kubernetes'],
  form: true,
  starter: () => ({ name: '', kind: '' }),
  fields: [
    name(),
    icon,
    description,
    { kind: 'text', path: ['kind'], label: 'Kind', required: true, placeholder: 'Deployment' },
    { kind: 'text', path: ['apiVersion'], label: 'API Version', placeholder: 'apps/v1' },
    { kind: 'text', path: ['namespaceSelector', 'name'], label: 'Namespace Selector: Name' },
    {
      kind: 'text',
      path: ['namespaceSelector', 'labelSelector'],
      label: 'Namespace Selector: Labels',
    },
    { kind: 'text', path: ['resource', 'name'], label: 'Resource Selector: Name' },
    { kind: 'text', path: ['resource', 'labelSelector'], label: 'Resource Selector: Labels' },
    { kind: 'text', path: ['resource', 'fieldSelector'], label: 'Resource Selector: Fields' },
    { kind: 'strings', path: ['ignore'], label: 'Ignore', helper: 'Name globs, one a line.' },
    { kind: 'bool', path: ['healthy'], label: 'Fail resources that are not healthy' },
    { kind: 'bool', path: ['ready'], label: 'Fail resources that are not ready' },
    ...scripts,
  ],
};

const catalog: CheckType = {
  id: 'catalog',
  label: 'Mission Control Catalog',
  keys: ['catalog'],
  form: true,
  starter: () => ({ name: '', selector: [{ types: ['Kubernetes::Pod'] }] }),
  fields: [
    name(),
    icon,
    description,
    {
      kind: 'yaml',
      path: ['selector'],
      label: 'Selector',
      required: true,
      helper: 'A list of resource selectors (YAML).',
    },
    ...scripts,
  ],
};

/** A type Vigil does not run: edited as YAML, starting from an example. */
function codeOnly(id: string, label: string, key: string, starter: Record<string, unknown>) {
  return {
    id,
    label,
    keys: key ? [key] : [],
    form: false,
    starter: () => structuredClone(starter),
    fields: [],
  } satisfies CheckType;
}

/** In the order of the spec's list of health check types. */
export const CHECK_TYPES: readonly CheckType[] = [
  http,
  codeOnly('awsConfigRule', 'AWS Config Rule', 'awsConfigRule', {
    name: 'config-rules',
    region: 'eu-west-1',
    complianceTypes: ['NON_COMPLIANT'],
  }),
  codeOnly('awsConfig', 'AWS Config', 'awsConfig', {
    name: 'aws-config',
    region: 'eu-west-1',
    query: "SELECT configuration.complianceType WHERE resourceType = 'AWS::EC2::Instance'",
  }),
  codeOnly('github', 'GitHub', 'github', {
    name: 'github',
    query: "files[] | select(.name == 'README.md')",
  }),
  codeOnly('ec2', 'EC2', 'ec2', { name: 'ec2', region: 'eu-west-1', ami: 'ami-0123456789' }),
  codeOnly('ldap', 'LDAP', 'ldap', {
    name: 'ldap',
    url: 'ldap://ldap.example.com:389',
    bindDN: 'ou=users,dc=example,dc=com',
    userSearch: '(&(objectClass=organizationalPerson))',
  }),
  codeOnly('pod', 'Pod', 'pod', {
    name: 'pod',
    namespace: 'default',
    spec: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: probe\n',
    port: 8080,
    path: '/health',
  }),
  exec,
  alertmanager,
  codeOnly('cloudwatch', 'Cloud Watch', 'cloudwatch', {
    name: 'cloudwatch',
    region: 'eu-west-1',
    alarmPrefix: 'prod-',
  }),
  codeOnly('elasticsearch', 'Elasticsearch', 'elasticsearch', {
    name: 'elasticsearch',
    url: 'http://elasticsearch:9200',
    index: 'logs',
    query: '{"query": {"match_all": {}}}',
    results: 1,
  }),
  redis,
  codeOnly('mongodb', 'Mongo DB', 'mongodb', {
    name: 'mongodb',
    url: 'mongodb://mongo:27017/?authSource=admin',
  }),
  dns,
  icmp,
  codeOnly('gcs', 'GCS', 'folder', {
    name: 'gcs-bucket',
    path: 'gcs://my-bucket',
    gcpConnection: { connection: 'connection://default/gcp' },
  }),
  codeOnly('s3', 'AWS S3', 's3', {
    name: 's3-bucket',
    bucketName: 'my-bucket',
    objectPath: 'canary/probe',
    region: 'eu-west-1',
  }),
  codeOnly('smb', 'SMB', 'folder', {
    name: 'smb-share',
    path: 'smb://server/share',
    smbConnection: { connection: 'connection://default/smb', port: 445 },
  }),
  codeOnly('sftp', 'SFTP', 'folder', {
    name: 'sftp',
    path: '/upload',
    sftpConnection: { host: 'sftp.example.com', port: 22, connection: 'connection://default/sftp' },
  }),
  folder,
  prometheus,
  kubernetes,
  sql,
  catalog,
  codeOnly('azureDevops', 'Azure DevOps', 'azureDevops', {
    name: 'azure-devops',
    organization: 'my-org',
    project: 'my-project',
    pipeline: 'main',
    personalAccessToken: { valueFrom: { secretKeyRef: { name: 'azure-devops', key: 'token' } } },
  }),
  codeOnly('jmeter', 'JMeter', 'jmeter', {
    name: 'jmeter',
    host: 'example.com',
    port: 443,
    jmx: { valueFrom: { configMapKeyRef: { name: 'jmeter', key: 'test.jmx' } } },
  }),
  junit,
  codeOnly('dynatrace', 'Dynatrace', 'dynatrace', {
    name: 'dynatrace',
    host: 'example.live.dynatrace.com',
    scheme: 'https',
    apiKey: { valueFrom: { secretKeyRef: { name: 'dynatrace', key: 'token' } } },
  }),
  codeOnly('namespace', 'Kubernetes Namespace', 'namespace', {
    name: 'namespace',
    namespaceNamePrefix: 'canary-',
    port: 8080,
    path: '/health',
  }),
  tcp,
  codeOnly('custom', 'Custom', '', {}),
];

export function checkTypeById(id: string): CheckType | undefined {
  return CHECK_TYPES.find((t) => t.id === id);
}

/** The type whose form edits a spec key's checks (folder -> Folder, not GCS). */
export function checkTypeOfKey(key: string): CheckType | undefined {
  return (
    CHECK_TYPES.find((t) => t.form && t.keys.includes(key)) ??
    CHECK_TYPES.find((t) => t.keys.includes(key))
  );
}
