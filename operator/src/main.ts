#!/usr/bin/env node
import { pino } from 'pino';
import { ConfigError, loadConfig, usage } from './config/config.js';
import { DataDirInUseError } from './db/instanceLock.js';
import { vigilLogs } from './logs/ring.js';
import { startServer } from './server.js';
import { VERSION } from './version.js';

/** Composition root: the only place that wires configuration, database and HTTP together. */
async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (command === 'version' || command === '--version') {
    console.log(VERSION);
    return;
  }
  if (command !== 'serve' || args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exitCode = command === 'serve' || command === undefined || command === '--help' ? 0 : 2;
    return;
  }

  let config;
  try {
    config = loadConfig(process.env, args);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`vigil: ${error.message}`);
    process.exit(2);
  }
  // Lines go to stdout and, for the `vigil` log backend (docs/logs.md), into a bounded ring.
  const log = pino(
    { level: config.logLevel, base: { service: 'vigil' } },
    pino.multistream([
      { level: 'trace', stream: pino.destination(1) },
      { level: 'trace', stream: vigilLogs },
    ]),
  );

  let server;
  try {
    server = await startServer(config, log);
  } catch (error) {
    const message = error instanceof DataDirInUseError ? error.message : (error as Error).message;
    log.fatal({ err: error }, 'start-up failed');
    console.error(`vigil: ${message}`);
    process.exit(1);
  }

  const lines = [`Vigil ${VERSION} is running. Console: ${server.url}`];
  if (server.tlsPort)
    lines.push(
      `kubectl and the Kubernetes API: https port ${server.tlsPort} (download a kubeconfig from the user menu)`,
    );
  if (server.admin.generatedPassword) {
    lines.push(`Sign in as ${server.admin.email} with password ${server.admin.generatedPassword}`);
    lines.push(
      `(generated now and saved in ${server.admin.passwordFile ?? config.dataDir}; set VIGIL_ADMIN_PASSWORD to choose your own)`,
    );
  } else if (config.adminPassword) {
    lines.push(`Sign in as ${server.admin.email} with the password in VIGIL_ADMIN_PASSWORD`);
  } else if (server.admin.passwordFile) {
    lines.push(
      `Sign in as ${server.admin.email} with the password in ${server.admin.passwordFile}`,
    );
  }
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    server.stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

await main(process.argv.slice(2));
