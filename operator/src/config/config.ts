import path from 'node:path';
import { z } from 'zod';

/**
 * Settings come from the environment and from `vigil serve` flags (flags win). They are parsed
 * once, here, so a bad value stops start-up with one line that names the setting.
 */
const portSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

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
};

const flagNames: Record<string, keyof Config> = {
  '--port': 'port',
  '--tls-port': 'tlsPort',
  '--host': 'host',
  '--data-dir': 'dataDir',
  '--database-url': 'databaseUrl',
  '--public-url': 'publicUrl',
  '--log-level': 'logLevel',
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
    const shown = key && !/password|token/i.test(key) ? ` (got ${JSON.stringify(raw[key])})` : '';
    throw new ConfigError(`invalid setting ${where}: ${issue?.message ?? 'invalid'}${shown}`);
  }
  const config = parsed.data;
  if (!!config.tlsCert !== !!config.tlsKey) {
    throw new ConfigError(
      'invalid setting VIGIL_TLS_CERT / VIGIL_TLS_KEY: give both files or neither',
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

Environment only:
  VIGIL_ADMIN_PASSWORD  first admin's password (generated once and printed when unset)
  VIGIL_ADMIN_TOKEN     an API token the first admin holds, for automation
  VIGIL_ADMIN_EMAIL     first admin's sign-in e-mail (default admin@vigil.local)
  VIGIL_TLS_CERT, VIGIL_TLS_KEY  PEM files for HTTPS (default: a private CA made in the data dir)
  VIGIL_CONTROLLERS     on (default) or off: off serves the API without reconciling
  VIGIL_HEALTH_CHECKS   on (default) or off: off reconciles canaries but runs no checks
`;
