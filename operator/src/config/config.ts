import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { emailTarget } from '../notify/targets.js';
import { isService, SERVICES, type Service } from '../notify/types.js';
import { readPropertiesFile } from '../properties/local.js';

/**
 * Settings come from the environment and from `vigil serve` flags (flags win). They are parsed
 * once, here, so a bad value stops start-up with one line that names the setting.
 */
const portSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

/** Express's names for address ranges, usable in VIGIL_TRUSTED_PROXIES. */
const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, a CIDR range (10.0.0.0/8, fd00::/8) or one of PROXY_KEYWORDS. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_KEYWORDS.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustedProxiesSchema = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .superRefine((entries, ctx) => {
    const bad = entries.find((e) => !isProxyEntry(e));
    if (bad !== undefined)
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not an IP address, a CIDR range (such as 10.0.0.0/8) or one of ${PROXY_KEYWORDS.join(', ')}`,
      });
  });

const SIZE_UNITS: Record<string, number> = { '': 1, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 };

/** A byte size: `65536`, `64Ki`, `1Mi` (binary units, as in Kubernetes quantities). */
const byteSizeSchema = z
  .string()
  .trim()
  .regex(/^\d+(Ki|Mi|Gi)?$/, 'must be a number of bytes, or end in Ki, Mi or Gi (such as 64Ki)')
  .transform((s) => {
    const [, digits = '0', unit = ''] = /^(\d+)(Ki|Mi|Gi)?$/.exec(s) ?? [];
    return Number(digits) * (SIZE_UNITS[unit] ?? 1);
  })
  .pipe(
    z
      .number()
      .min(1024, 'must be between 1Ki and 16Mi')
      .max(16 * 1024 ** 2, 'must be between 1Ki and 16Mi'),
  );

/** The system SMTP server: smtp://user:pass@host:port/?from=… (checked as the senders read it). */
const smtpUrlSchema = z.string().superRefine((url, ctx) => {
  try {
    emailTarget(url, ['check@example.com']);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
  }
});

const ENDPOINTS_EXAMPLE = '{"slack":"http://127.0.0.1:4567"}';

/** VIGIL_NOTIFY_ENDPOINTS: a JSON object of service to base URL (http(s), or smtp:// for smtp). */
const notifyEndpointsSchema = z.string().transform((raw, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  let value: unknown;
  try {
    value = JSON.parse(raw || '{}');
  } catch {
    return fail(`must be a JSON object of service to base URL, such as ${ENDPOINTS_EXAMPLE}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail(`must be a JSON object of service to base URL, such as ${ENDPOINTS_EXAMPLE}`);
  const endpoints: Partial<Record<Service, string>> = {};
  for (const [service, url] of Object.entries(value)) {
    if (!isService(service))
      return fail(`"${service}" is not a service: use ${SERVICES.join(', ')}`);
    const schemes = service === 'smtp' ? ['smtp:'] : ['http:', 'https:'];
    let parsed: URL | undefined;
    try {
      parsed = typeof url === 'string' ? new URL(url) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!parsed || !schemes.includes(parsed.protocol) || !parsed.host)
      return fail(
        `${service}: ${JSON.stringify(url)} is not ${service === 'smtp' ? 'an smtp://host:port' : 'an http(s)://'} URL`,
      );
    endpoints[service] = (url as string).replace(/\/+$/, '');
  }
  return endpoints;
});

/** VIGIL_PROPERTIES_FILE: must be readable and hold only name=value lines and comments. */
const propertiesFileSchema = z.string().superRefine((file, ctx) => {
  try {
    readPropertiesFile(file);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
  }
});

const schema = z.object({
  port: portSchema,
  /** HTTPS for /k8s (kubectl sends credentials only over TLS); 'off' disables it. */
  tlsPort: z.union([z.literal('off'), portSchema]),
  tlsCert: z.string().min(1).optional(),
  tlsKey: z.string().min(1).optional(),
  host: z.string().min(1, 'must not be empty'),
  dataDir: z.string().min(1, 'must not be empty'),
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  publicUrl: z
    .url({ error: 'must be an absolute URL such as https://vigil.example.com' })
    .optional(),
  adminPassword: z.string().min(8, 'must be at least 8 characters').optional(),
  adminToken: z.string().min(16, 'must be at least 16 characters').optional(),
  adminEmail: z.email({ error: 'must be an e-mail address' }),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  consoleDir: z.string().min(1),
  docsDir: z.string().min(1),
  kubernetes: z.boolean(),
  /** Run the controllers (on the leader); off makes this process a pure API server. */
  controllers: z.enum(['on', 'off']),
  /** Run health checks (on the leader); off keeps results as they are, e.g. for API replicas. */
  healthChecks: z.enum(['on', 'off']),
  /** Run catalog scrapes (on the leader); off keeps the catalog as it is. */
  scrapers: z.enum(['on', 'off']),
  /** Build topologies (on the leader); off keeps their components as they are. */
  topologies: z.enum(['on', 'off']),
  /** Run playbooks and their triggers (on the leader); off keeps runs waiting. */
  playbooks: z.enum(['on', 'off']),
  /** Decide and send notifications (on the leader); off leaves events queued. */
  notifications: z.enum(['on', 'off']),
  /** The OS user scripts run as when Vigil is root (default vigil-runner, made on first need). */
  scriptUser: z
    .string()
    .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*\$?$/, 'must be an OS user name or uid')
    .optional(),
  /** Bytes of a script's stdout, and of its stderr, kept with each result. */
  scriptOutputLimit: byteSizeSchema,
  /**
   * Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (client address for the
   * sign-in throttle and logs, https for cookies and HSTS). Empty: the socket's address counts.
   */
  trustedProxies: trustedProxiesSchema,
  /** System SMTP for notifications to people, teams' members and e-mail addresses. */
  smtpUrl: smtpUrlSchema.optional(),
  /** The key that encrypts connection secrets (base64, 32 bytes); else <dataDir>/connection.key. */
  connectionKey: z
    .string()
    .refine((k) => Buffer.from(k.trim(), 'base64').length === 32, {
      message: 'must be 32 random bytes in base64 (openssl rand -base64 32)',
    })
    .optional(),
  /** Base URLs that stand in for services' public APIs (tests, egress gateways). */
  notifyEndpoints: notifyEndpointsSchema,
  /** Local feature flags (name=value lines): they override the database's and are read-only. */
  propertiesFile: propertiesFileSchema.optional(),
  /** Agent mode: the central Vigil this one pushes what it runs to (docs/agents.md). */
  agentOf: z
    .url({ error: "must be the central Vigil's URL, such as https://vigil.example.com" })
    .refine((u) => /^https?:/.test(u), { message: 'must be an http:// or https:// URL' })
    .optional(),
  /** The access token the central Vigil issued to this agent. */
  agentToken: z.string().min(16, 'must be the access token the central Vigil issued').optional(),
  /** Seconds between pushes to the central Vigil. */
  agentPushInterval: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be between 1 and 3600 seconds')
    .max(3600, 'must be between 1 and 3600 seconds'),
  /** Check results an agent keeps waiting for the central Vigil at most. */
  agentQueueLimit: z.coerce
    .number({ error: 'must be a number of check results' })
    .int('must be a whole number')
    .min(1000, 'must be at least 1000'),
});

export type Config = z.infer<typeof schema>;

/** Where each setting comes from, for error messages a person can act on. */
const sources: Record<keyof Config, string> = {
  port: 'PORT (--port)',
  tlsPort: 'VIGIL_TLS_PORT (--tls-port)',
  tlsCert: 'VIGIL_TLS_CERT',
  tlsKey: 'VIGIL_TLS_KEY',
  host: 'VIGIL_HOST (--host)',
  dataDir: 'VIGIL_DATA_DIR (--data-dir)',
  databaseUrl: 'DATABASE_URL (--database-url)',
  publicUrl: 'VIGIL_PUBLIC_URL (--public-url)',
  adminPassword: 'VIGIL_ADMIN_PASSWORD',
  adminToken: 'VIGIL_ADMIN_TOKEN',
  adminEmail: 'VIGIL_ADMIN_EMAIL',
  logLevel: 'LOG_LEVEL (--log-level)',
  consoleDir: 'VIGIL_CONSOLE_DIR',
  docsDir: 'VIGIL_DOCS_DIR',
  kubernetes: '--kubernetes',
  controllers: 'VIGIL_CONTROLLERS',
  healthChecks: 'VIGIL_HEALTH_CHECKS',
  scrapers: 'VIGIL_SCRAPERS',
  topologies: 'VIGIL_TOPOLOGIES',
  playbooks: 'VIGIL_PLAYBOOKS',
  notifications: 'VIGIL_NOTIFICATIONS',
  scriptUser: 'VIGIL_SCRIPT_USER',
  scriptOutputLimit: 'VIGIL_SCRIPT_OUTPUT_LIMIT',
  trustedProxies: 'VIGIL_TRUSTED_PROXIES',
  smtpUrl: 'VIGIL_SMTP_URL',
  connectionKey: 'VIGIL_CONNECTION_KEY',
  notifyEndpoints: 'VIGIL_NOTIFY_ENDPOINTS',
  propertiesFile: 'VIGIL_PROPERTIES_FILE',
  agentOf: 'VIGIL_AGENT_OF (--agent-of)',
  agentToken: 'VIGIL_AGENT_TOKEN (--agent-token)',
  agentPushInterval: 'VIGIL_AGENT_PUSH_INTERVAL',
  agentQueueLimit: 'VIGIL_AGENT_QUEUE_LIMIT',
};

/** Settings whose values hold secrets: never shown in errors. */
const SECRET_SETTINGS = new Set<keyof Config>([
  'adminPassword',
  'adminToken',
  'smtpUrl',
  'notifyEndpoints',
  'connectionKey',
  'agentToken',
]);

const flagNames: Record<string, keyof Config> = {
  '--port': 'port',
  '--tls-port': 'tlsPort',
  '--host': 'host',
  '--data-dir': 'dataDir',
  '--database-url': 'databaseUrl',
  '--public-url': 'publicUrl',
  '--log-level': 'logLevel',
  '--agent-of': 'agentOf',
  // The architecture's first name for it.
  '--upstream': 'agentOf',
  '--agent-token': 'agentToken',
};

export class ConfigError extends Error {}

const defaultConsoleDir = path.resolve(import.meta.dirname, '../../../console/dist');
const defaultDocsDir = path.resolve(import.meta.dirname, '../../../docs');

export function loadConfig(env: NodeJS.ProcessEnv, args: readonly string[]): Config {
  const raw: Record<string, unknown> = {
    port: env.PORT ?? '8080',
    tlsPort: env.VIGIL_TLS_PORT ?? '8443',
    tlsCert: env.VIGIL_TLS_CERT || undefined,
    tlsKey: env.VIGIL_TLS_KEY || undefined,
    host: env.VIGIL_HOST ?? '0.0.0.0',
    dataDir: env.VIGIL_DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: env.VIGIL_PUBLIC_URL || undefined,
    adminPassword: env.VIGIL_ADMIN_PASSWORD || undefined,
    adminToken: env.VIGIL_ADMIN_TOKEN || undefined,
    adminEmail: env.VIGIL_ADMIN_EMAIL ?? 'admin@vigil.local',
    logLevel: env.LOG_LEVEL ?? 'info',
    consoleDir: env.VIGIL_CONSOLE_DIR ?? defaultConsoleDir,
    docsDir: env.VIGIL_DOCS_DIR ?? defaultDocsDir,
    kubernetes: false,
    controllers: env.VIGIL_CONTROLLERS ?? 'on',
    healthChecks: env.VIGIL_HEALTH_CHECKS ?? 'on',
    scrapers: env.VIGIL_SCRAPERS ?? 'on',
    topologies: env.VIGIL_TOPOLOGIES ?? 'on',
    playbooks: env.VIGIL_PLAYBOOKS ?? 'on',
    notifications: env.VIGIL_NOTIFICATIONS ?? 'on',
    scriptUser: env.VIGIL_SCRIPT_USER || undefined,
    scriptOutputLimit: env.VIGIL_SCRIPT_OUTPUT_LIMIT || '64Ki',
    trustedProxies: env.VIGIL_TRUSTED_PROXIES ?? '',
    smtpUrl: env.VIGIL_SMTP_URL || undefined,
    connectionKey: env.VIGIL_CONNECTION_KEY || undefined,
    notifyEndpoints: env.VIGIL_NOTIFY_ENDPOINTS ?? '',
    propertiesFile: env.VIGIL_PROPERTIES_FILE || undefined,
    agentOf: env.VIGIL_AGENT_OF || undefined,
    agentToken: env.VIGIL_AGENT_TOKEN || undefined,
    agentPushInterval: env.VIGIL_AGENT_PUSH_INTERVAL ?? '5',
    agentQueueLimit: env.VIGIL_AGENT_QUEUE_LIMIT ?? '100000',
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--kubernetes') {
      raw.kubernetes = true;
      continue;
    }
    const [flag, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    const key = flagNames[flag];
    if (!key) throw new ConfigError(`unknown flag ${flag}: run 'vigil serve --help' for the list`);
    const value = inline ?? args[++i];
    if (value === undefined) throw new ConfigError(`${flag} needs a value`);
    raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path[0] as keyof Config | undefined;
    const where = key ? sources[key] : 'configuration';
    const shown = key && !SECRET_SETTINGS.has(key) ? ` (got ${JSON.stringify(raw[key])})` : '';
    throw new ConfigError(`invalid setting ${where}: ${issue?.message ?? 'invalid'}${shown}`);
  }
  const config = parsed.data;
  if (!!config.tlsCert !== !!config.tlsKey) {
    throw new ConfigError(
      'invalid setting VIGIL_TLS_CERT / VIGIL_TLS_KEY: give both files or neither',
    );
  }
  if (!!config.agentOf !== !!config.agentToken) {
    throw new ConfigError(
      'invalid setting VIGIL_AGENT_OF / VIGIL_AGENT_TOKEN (--agent-of / --agent-token): an agent needs both the central URL and its token',
    );
  }
  return { ...config, dataDir: path.resolve(config.dataDir) };
}

export const usage = `Usage: vigil serve [flags]

Flags (each also settable by the environment variable in brackets):
  --port N            HTTP port (PORT, default 8080)
  --tls-port N|off    HTTPS port for kubectl and the /k8s API (VIGIL_TLS_PORT, default 8443)
  --host ADDR         listen address (VIGIL_HOST, default 0.0.0.0)
  --data-dir DIR      embedded PostgreSQL data and instance files (VIGIL_DATA_DIR, default ./data)
  --database-url URL  use an external PostgreSQL instead of the embedded one (DATABASE_URL)
  --public-url URL    URL users reach Vigil at, used in links and kubeconfigs (VIGIL_PUBLIC_URL)
  --log-level LEVEL   fatal|error|warn|info|debug|trace|silent (LOG_LEVEL, default info)
  --kubernetes        watch resources in a real cluster (in-cluster or KUBECONFIG)
  --agent-of URL      run as an agent: push what runs here to the central Vigil at URL
                      (VIGIL_AGENT_OF; --upstream is the same)
  --agent-token TOKEN the access token the central Vigil issued to this agent (VIGIL_AGENT_TOKEN)

Environment only:
  VIGIL_ADMIN_PASSWORD  first admin's password (generated once and printed when unset)
  VIGIL_ADMIN_TOKEN     an API token the first admin holds, for automation
  VIGIL_ADMIN_EMAIL     first admin's sign-in e-mail (default admin@vigil.local)
  VIGIL_TLS_CERT, VIGIL_TLS_KEY  PEM files for HTTPS (default: a private CA made in the data dir)
  VIGIL_CONTROLLERS     on (default) or off: off serves the API without reconciling
  VIGIL_HEALTH_CHECKS   on (default) or off: off reconciles canaries but runs no checks
  VIGIL_SCRAPERS        on (default) or off: off reconciles ScrapeConfigs but scrapes nothing
  VIGIL_TOPOLOGIES      on (default) or off: off reconciles Topologies but builds nothing
  VIGIL_PLAYBOOKS       on (default) or off: off accepts runs but starts none (they wait)
  VIGIL_NOTIFICATIONS   on (default) or off: off sends nothing (events wait in the queue)
  VIGIL_CONNECTION_KEY  base64 key for connection secrets (default: <data dir>/connection.key);
                        replicas on one database need the same one
  VIGIL_SCRIPT_USER     OS user scripts run as when Vigil is root (default vigil-runner)
  VIGIL_SCRIPT_OUTPUT_LIMIT  stdout and stderr kept per script run, each (default 64Ki)
  VIGIL_TRUSTED_PROXIES  proxies whose X-Forwarded-For is believed: addresses, CIDRs, loopback,
                        linklocal, uniquelocal, comma-separated (default: none)
  VIGIL_SMTP_URL        SMTP server for notifications to people, teams and e-mail addresses:
                        smtp://user:pass@host:587/?from=vigil@example.com (default: none)
  VIGIL_NOTIFY_ENDPOINTS  JSON object of notification service to base URL, in place of its
                        public API, e.g. {"slack":"http://gateway:8080"} (default: {})
  VIGIL_PROPERTIES_FILE  local feature flags, name=value lines: they override the database's
                        and cannot be edited in the console; re-read when changed (default: none)
  VIGIL_AGENT_PUSH_INTERVAL  an agent's seconds between pushes (default 5)
  VIGIL_AGENT_QUEUE_LIMIT    check results an agent keeps waiting for the central Vigil; beyond
                        it the oldest are dropped and counted (default 100000)
`;
