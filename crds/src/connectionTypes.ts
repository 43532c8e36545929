/**
 * The connection types (credentials to external systems) with the form fields each one shows.
 * The console builds its forms from this list and the operator decides from it which types it
 * can test. A field's `key` is where its value is stored on the `connections` row: a column
 * (`url`, `username`, `password`, `certificate`, `insecure_tls`) or `properties.<name>`.
 *
 * Secret-valued fields (`secret`, `secretText`) are stored only in the `password` and
 * `certificate` columns: those are encrypted at rest, never returned, and may instead hold a
 * reference to a Kubernetes Secret or ConfigMap key.
 */

export type ConnectionFieldKind =
  /** One line of text. */
  | 'text'
  /** Several lines of text. */
  | 'textarea'
  | 'number'
  /** One of `options`. */
  | 'select'
  | 'switch'
  /** A secret on one line: a static value, a secret reference or a configmap reference. */
  | 'secret'
  /** A secret of several lines (a certificate, a kubeconfig, an SSH key, credentials JSON). */
  | 'secretText';

export type ConnectionColumn = 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls';

export interface ConnectionField {
  key: ConnectionColumn | `properties.${string}`;
  label: string;
  kind: ConnectionFieldKind;
  required?: boolean;
  default?: string | boolean;
  options?: readonly string[];
  placeholder?: string;
  hint?: string;
  /** Shown only while another field holds this value (e.g. git's SSH key for auth = ssh). */
  when?: { key: string; equals: string };
}

export type ConnectionCategory = 'database' | 'notification' | 'cloud' | 'source' | 'other';

export interface ConnectionType {
  type: string;
  label: string;
  category: ConnectionCategory;
  fields: readonly ConnectionField[];
  /** Vigil can test it (POST /api/connection/test/{id}); the others answer 501. */
  testable: boolean;
  /** Kept for stored rows but not offered when adding a connection. */
  hidden?: boolean;
}

export const SECRET_COLUMNS = ['password', 'certificate'] as const;

const url = (label = 'URL', required = true, placeholder?: string): ConnectionField => ({
  key: 'url',
  label,
  kind: 'text',
  required,
  ...(placeholder ? { placeholder } : {}),
});
const username = (label = 'Username', required = false): ConnectionField => ({
  key: 'username',
  label,
  kind: 'text',
  required,
});
const password = (label = 'Password', required = false): ConnectionField => ({
  key: 'password',
  label,
  kind: 'secret',
  required,
});
const insecure: ConnectionField = {
  key: 'insecure_tls',
  label: 'Skip TLS verification',
  kind: 'switch',
  default: false,
};
const prop = (
  name: string,
  label: string,
  more: Partial<Omit<ConnectionField, 'key' | 'label'>> = {},
): ConnectionField => ({ key: `properties.${name}`, label, kind: 'text', ...more });

const aws = [
  username('Access Key', true),
  password('Secret Key', true),
  prop('region', 'Region', { placeholder: 'us-east-1' }),
  url('Endpoint', false),
  insecure,
];
const gcp = [
  { key: 'certificate', label: 'Credentials (JSON)', kind: 'secretText', required: true },
  prop('project', 'Project'),
  url('Endpoint', false),
] as const satisfies readonly ConnectionField[];

export const CONNECTION_TYPES: readonly ConnectionType[] = [
  { type: 'aws', label: 'AWS', category: 'cloud', testable: false, fields: aws },
  {
    type: 's3',
    label: 'AWS S3',
    category: 'cloud',
    testable: false,
    fields: [
      prop('bucket', 'Bucket', { required: true }),
      ...aws,
      prop('usePathStyle', 'Use path style', { kind: 'switch', default: false }),
    ],
  },
  {
    type: 'azure',
    label: 'Azure',
    category: 'cloud',
    testable: false,
    fields: [
      username('Client ID', true),
      password('Client Secret', true),
      prop('tenant', 'Tenant ID', { required: true }),
    ],
  },
  {
    type: 'azure_devops',
    label: 'Azure DevOps',
    category: 'source',
    testable: true,
    fields: [
      prop('organization', 'Organization', { required: true }),
      password('Personal Access Token', true),
      url('URL', false, 'https://dev.azure.com'),
    ],
  },
  {
    type: 'discord',
    label: 'Discord',
    category: 'notification',
    testable: true,
    fields: [username('Webhook ID', true), password('Token', true)],
  },
  {
    type: 'dynatrace',
    label: 'Dynatrace',
    category: 'other',
    testable: false,
    fields: [
      url('Host', true, 'https://abc123.live.dynatrace.com'),
      password('API Key', true),
      prop('scheme', 'Scheme', { kind: 'select', options: ['https', 'http'], default: 'https' }),
    ],
  },
  {
    type: 'elasticsearch',
    label: 'Elasticsearch',
    category: 'database',
    testable: true,
    fields: [url('URL', true, 'https://elastic:9200'), username(), password(), insecure],
  },
  {
    type: 'email',
    label: 'Email',
    category: 'notification',
    testable: true,
    fields: [
      prop('host', 'Host', { required: true, placeholder: 'smtp.example.com' }),
      prop('port', 'Port', { kind: 'number', default: '587' }),
      username(),
      password(),
      prop('fromAddress', 'From Address', { placeholder: 'vigil@example.com' }),
      prop('fromName', 'From Name'),
      prop('encryption', 'Encryption Method', {
        kind: 'select',
        options: ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'],
        default: 'Auto',
      }),
      prop('auth', 'Auth Method', {
        kind: 'select',
        options: ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'],
        default: 'Unknown',
      }),
      insecure,
    ],
  },
  { type: 'google_cloud', label: 'Google Cloud', category: 'cloud', testable: false, fields: gcp },
  {
    type: 'gcs',
    label: 'Google Cloud Storage',
    category: 'cloud',
    testable: false,
    fields: [prop('bucket', 'Bucket', { required: true }), ...gcp],
  },
  {
    type: 'generic_webhook',
    label: 'Generic Webhook',
    category: 'notification',
    testable: true,
    fields: [
      url('URL', true, 'https://hooks.example.com/notify'),
      prop('contentType', 'Content Type', { default: 'application/json' }),
      prop('requestMethod', 'Method', {
        kind: 'select',
        options: ['POST', 'GET'],
        default: 'POST',
      }),
      prop('messageKey', 'Message Key', { default: 'message' }),
      prop('titleKey', 'Title Key', { default: 'title' }),
      username(),
      password(),
      insecure,
    ],
  },
  {
    type: 'git',
    label: 'Git',
    category: 'source',
    testable: true,
    fields: [
      url('URL', true, 'https://github.com/org/repo.git'),
      prop('auth', 'Authentication', {
        kind: 'select',
        options: ['basic', 'ssh'],
        default: 'basic',
        hint: 'basic: username and password (or token); ssh: a private key',
      }),
      { ...username(), when: { key: 'properties.auth', equals: 'basic' } },
      { ...password('Password or Token'), when: { key: 'properties.auth', equals: 'basic' } },
      {
        key: 'certificate',
        label: 'SSH Private Key',
        kind: 'secretText',
        required: true,
        when: { key: 'properties.auth', equals: 'ssh' },
      },
      prop('ref', 'Ref', { default: 'main' }),
    ],
  },
  {
    type: 'github',
    label: 'GitHub',
    category: 'source',
    testable: true,
    fields: [password('Personal Access Token', true), url('URL', false, 'https://api.github.com')],
  },
  {
    type: 'gitlab',
    label: 'GitLab',
    category: 'source',
    testable: true,
    fields: [password('Personal Access Token', true), url('URL', false, 'https://gitlab.com')],
  },
  {
    type: 'google_chat',
    label: 'Google Chat',
    category: 'notification',
    testable: true,
    fields: [url('Webhook URL', true, 'https://chat.googleapis.com/v1/spaces/…')],
  },
  {
    type: 'http',
    label: 'HTTP',
    category: 'other',
    testable: true,
    fields: [url('URL', true, 'https://api.example.com'), username(), password(), insecure],
  },
  {
    type: 'ifttt',
    label: 'IFTTT',
    category: 'notification',
    testable: false,
    fields: [password('Webhook Key', true), prop('events', 'Events', { required: true })],
  },
  {
    type: 'jmeter',
    label: 'JMeter',
    category: 'other',
    testable: false,
    hidden: true,
    fields: [prop('host', 'Host'), prop('port', 'Port', { kind: 'number' })],
  },
  {
    type: 'kubernetes',
    label: 'Kubernetes',
    category: 'cloud',
    testable: true,
    fields: [{ key: 'certificate', label: 'Kubeconfig', kind: 'secretText', required: true }],
  },
  {
    type: 'ldap',
    label: 'LDAP',
    category: 'other',
    testable: true,
    fields: [
      url('URL', true, 'ldaps://ldap.example.com:636'),
      username('Bind DN'),
      password(),
      insecure,
    ],
  },
  {
    type: 'matrix',
    label: 'Matrix',
    category: 'notification',
    testable: false,
    fields: [
      url('Server', true, 'matrix.example.com'),
      username('User'),
      password('Password or Token', true),
      prop('rooms', 'Rooms'),
    ],
  },
  {
    type: 'mattermost',
    label: 'Mattermost',
    category: 'notification',
    testable: true,
    fields: [
      url('Server URL', true, 'https://mattermost.example.com'),
      password('Webhook Token', true),
      prop('channel', 'Channel'),
    ],
  },
  {
    type: 'mongo',
    label: 'MongoDB',
    category: 'database',
    testable: false,
    fields: [url('URL', true, 'mongodb://mongo:27017/db'), username(), password()],
  },
  {
    type: 'mysql',
    label: 'MySQL',
    category: 'database',
    testable: true,
    fields: [url('URL', true, 'mysql://mysql:3306/db'), username(), password()],
  },
  {
    type: 'ntfy',
    label: 'Ntfy',
    category: 'notification',
    testable: true,
    fields: [
      prop('host', 'Host', { default: 'ntfy.sh' }),
      prop('topic', 'Topic', { required: true }),
      username(),
      password('Password or Access Token'),
    ],
  },
  {
    type: 'opsgenie',
    label: 'OpsGenie',
    category: 'notification',
    testable: false,
    fields: [
      prop('host', 'Host', { default: 'api.opsgenie.com' }),
      prop('port', 'Port', { kind: 'number', default: '443' }),
      password('API Key', true),
    ],
  },
  {
    type: 'postgres',
    label: 'Postgres',
    category: 'database',
    testable: true,
    fields: [url('URL', true, 'postgres://db:5432/app?sslmode=disable'), username(), password()],
  },
  {
    type: 'prometheus',
    label: 'Prometheus',
    category: 'other',
    testable: true,
    fields: [url('URL', true, 'http://prometheus:9090'), username(), password(), insecure],
  },
  {
    type: 'pushbullet',
    label: 'Pushbullet',
    category: 'notification',
    testable: false,
    fields: [password('Access Token', true), prop('targets', 'Targets')],
  },
  {
    type: 'pushover',
    label: 'Pushover',
    category: 'notification',
    testable: true,
    fields: [password('API Token', true), username('User Key', true)],
  },
  {
    type: 'redis',
    label: 'Redis',
    category: 'database',
    testable: true,
    fields: [
      url('Address', true, 'redis:6379'),
      username(),
      password(),
      prop('db', 'DB', { kind: 'number', default: '0' }),
    ],
  },
  {
    type: 'restic',
    label: 'Restic',
    category: 'other',
    testable: false,
    fields: [url('Repository', true), password('Password', true)],
  },
  {
    type: 'rocketchat',
    label: 'Rocket.Chat',
    category: 'notification',
    testable: false,
    fields: [url('Webhook URL', true), prop('channel', 'Channel')],
  },
  {
    type: 'sftp',
    label: 'SFTP',
    category: 'other',
    testable: true,
    fields: [
      prop('host', 'Host', { required: true }),
      prop('port', 'Port', { kind: 'number', default: '22' }),
      username(),
      password(),
    ],
  },
  {
    type: 'slack',
    label: 'Slack',
    category: 'notification',
    testable: true,
    fields: [password('Bot Token', true), username('Channel', true), prop('botName', 'Bot Name')],
  },
  {
    type: 'smb',
    label: 'SMB',
    category: 'other',
    testable: false,
    fields: [
      prop('host', 'Server', { required: true }),
      prop('port', 'Port', { kind: 'number', default: '445' }),
      prop('share', 'Share'),
      prop('domain', 'Domain'),
      username(),
      password(),
    ],
  },
  {
    type: 'sql_server',
    label: 'SQL Server',
    category: 'database',
    testable: false,
    fields: [url('URL', true, 'sqlserver://mssql:1433?database=app'), username(), password()],
  },
  {
    type: 'teams',
    label: 'Microsoft Teams',
    category: 'notification',
    testable: true,
    fields: [
      url('Webhook URL', true, 'https://example.webhook.office.com/…'),
      prop('host', 'Host', { default: 'outlook.office.com' }),
    ],
  },
  {
    type: 'telegram',
    label: 'Telegram',
    category: 'notification',
    testable: true,
    fields: [password('Bot Token', true), username('Chats', true)],
  },
  {
    type: 'windows',
    label: 'Windows',
    category: 'other',
    testable: false,
    fields: [username(), password(), prop('domain', 'Domain')],
  },
  {
    type: 'zulip_chat',
    label: 'Zulip Chat',
    category: 'notification',
    testable: false,
    fields: [
      url('Server', true, 'example.zulipchat.com'),
      username('Bot Email', true),
      password('Bot Key', true),
      prop('stream', 'Stream'),
    ],
  },
  {
    type: 'folder',
    label: 'Folder',
    category: 'other',
    testable: true,
    fields: [prop('path', 'Path', { required: true, placeholder: '/var/backups' })],
  },
];

export const CONNECTION_TYPE_NAMES: readonly string[] = CONNECTION_TYPES.map((t) => t.type);

export function connectionType(type: string | null | undefined): ConnectionType | undefined {
  return CONNECTION_TYPES.find((t) => t.type === type);
}
