import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { ensureFirstAdmin, type FirstAdmin } from './auth/firstAdmin.js';
import type { Config } from './config/config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embeddedPostgres.js';
import { acquireInstanceLock } from './db/instanceLock.js';
import { migrate } from './db/migrate.js';
import { createPool, type Pool } from './db/pool.js';
import { LeaderElection } from './controllers/leader.js';
import { LeaseElection } from './controllers/leaseElection.js';
import { ControllerManager, RECONCILERS } from './controllers/manager.js';
import { ClusterSource, clusterConfig, EmbeddedSource } from './controllers/source.js';
import { HealthEngine } from './health/engine.js';
import { scheduleRetention } from './health/retention.js';
import type { CatalogRef, HealthRef } from './controllers/engineRefs.js';
import { OwnerRelay, relayable } from './controllers/ownerRelay.js';
import { WorkShares } from './controllers/shares.js';
import { ActionPuller } from './agents/actionPuller.js';
import { Pusher } from './agents/pusher.js';
import { SettingsApplier } from './agents/settings.js';
import { loadConnectionKey } from './connections/crypto.js';
import { configureConnectionSecrets } from './connections/secrets.js';
import { withValueFrom } from './connections/valueFrom.js';
import { execRunnerFor } from './health/runners/exec.js';
import { RUNNERS } from './health/runners/index.js';
import { canaryStatusWriter } from './health/statusWriter.js';
import { CatalogEngine } from './catalog/engine.js';
import { TopologyEngine } from './topology/engine.js';
import { PlaybookEngine } from './playbooks/engine.js';
import { NotificationEngine } from './notifications/engine.js';
import { ACTIONS } from './playbooks/actions/index.js';
import { statusWriter } from './controllers/statusWriter.js';
import { kindByName, type KindDescriptor } from '@vigil/crds';
import { createApp } from './http/app.js';
import { createMetrics } from './http/metrics.js';
import { IncidentAutomation } from './incidents/automation.js';
import { crdsProvider } from './k8s/provider.js';
import { responderDelivery } from './responders/delivery.js';
import { WatchHub } from './k8s/watch.js';
import type { K8sEndpoint } from './http/routes/kubeconfig.js';
import { secureDataDir } from './sandbox/dataDir.js';
import { protectPath } from './health/protectedPaths.js';
import { Sandbox } from './sandbox/sandbox.js';
import { loadTls } from './tls/selfSigned.js';

export interface RunningServer {
  url: string;
  port: number;
  tlsPort?: number;
  pool: Pool;
  admin: FirstAdmin;
  stop(): Promise<void>;
}

const DRAIN_TIMEOUT_MS = 25_000;

/**
 * Starts Vigil: the database (embedded unless DATABASE_URL), migrations, the first admin and the
 * HTTP server. stop() drains in-flight requests, closes the pool and stops PostgreSQL.
 */
export async function startServer(config: Config, log: Logger): Promise<RunningServer> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  };
  try {
    let url = config.databaseUrl;
    if (!url) {
      cleanups.push(acquireInstanceLock(config.dataDir));
      const db: EmbeddedDatabase = await startEmbeddedPostgres(config.dataDir, log);
      cleanups.push(() => db.stop());
      url = db.url;
    }
    // Scripts users write run apart from Vigil (src/sandbox); its data directory is closed to them.
    secureDataDir(config.dataDir, log, { secretFiles: [config.tlsKey] });
    // Folder and junit checks read files in this process: never Vigil's own.
    for (const p of [config.dataDir, config.tlsKey]) if (p) protectPath(p);
    const sandbox = new Sandbox({
      user: config.scriptUser,
      outputLimit: config.scriptOutputLimit,
      dataDir: config.dataDir,
      log: log.child({ component: 'sandbox' }),
    });
    await sandbox.start();
    cleanups.push(() => sandbox.close());
    const pool = createPool(url, log.child({ component: 'db' }));
    cleanups.push(() => pool.end());
    await migrate(pool, log);
    const admin = await ensureFirstAdmin(pool, log, {
      email: config.adminEmail,
      password: config.adminPassword,
      token: config.adminToken,
      dataDir: config.dataDir,
    });

    const k8sEndpoint: K8sEndpoint = {};
    const healthRef: HealthRef = {};
    const catalogRef: CatalogRef = {};
    const topologyRef: { engine?: TopologyEngine } = {};
    const metrics = createMetrics();
    const k8sProvider = crdsProvider();
    const watchHub = new WatchHub(pool, k8sProvider.kinds, log);
    const app = createApp({
      pool,
      log,
      config: { ...config, k8sEndpoint },
      metrics,
      k8sProvider,
      watchHub,
      health: healthRef,
      catalog: catalogRef,
      topology: topologyRef,
    });
    // Controllers run on the leader only (a Postgres advisory lock), after the API is up.
    const kc = config.kubernetes ? clusterConfig() : undefined;
    // Connection secrets: stored encrypted under the data directory's key; Secret and ConfigMap
    // references are read from the cluster when there is one.
    configureConnectionSecrets({
      key: loadConnectionKey(config.dataDir, config.connectionKey),
      ...(kc ? { kubeconfig: kc } : {}),
    });
    const source = kc ? new ClusterSource(kc, log) : new EmbeddedSource(pool, watchHub);
    // In a cluster the leader holds a Lease (falling back to the database lock without one).
    const elect = kc
      ? (onLead: () => void, onLose: () => void) =>
          new LeaseElection(kc, log, onLead, new LeaderElection(pool, log, onLead, onLose))
      : undefined;
    const controllers = new ControllerManager(
      pool,
      source,
      log,
      metrics.registry,
      RECONCILERS(),
      elect,
    );
    cleanups.push(() => controllers.stop());
    // Canary runs and scrapes are shared by the replicas on this database (controllers/
    // shares.ts, ADR 0012): each runs the buckets it holds. Everything else below runs on the
    // leader only, and stops (controllers.stop, or when this replica stops leading because its
    // lock session ended) by the function each hook returns.
    const sharing =
      config.controllers === 'on' && (config.healthChecks === 'on' || config.scrapers === 'on');
    const shares = sharing ? new WorkShares(pool, log.child({ component: 'shares' })) : undefined;
    const owns = shares ? (id: string) => shares.owns(id) : undefined;
    const health = new HealthEngine({
      pool,
      log: log.child({ component: 'health' }),
      registry: metrics.registry,
      runners: withValueFrom({ ...RUNNERS, exec: execRunnerFor(sandbox) }),
      writeStatus: canaryStatusWriter(source, log),
      ...(owns ? { owns, retention: false } : {}),
    });
    const catalog = new CatalogEngine({
      pool,
      log: log.child({ component: 'catalog' }),
      sandbox,
      ...(kc ? { kubeconfig: kc } : {}),
      writeStatus: statusWriter(kindByName('ScrapeConfig') as KindDescriptor, source, log),
      ...(owns ? { owns } : {}),
    });
    // Old results are pruned once, by the leader.
    if (shares && config.healthChecks === 'on')
      controllers.whenLeading(() => scheduleRetention(pool, log.child({ component: 'health' })));
    const startShared = async () => {
      if (!shares) return;
      const relay = new OwnerRelay(pool, log.child({ component: 'shares' }), (key) =>
        shares.owns(key),
      );
      await relay.start();
      cleanups.push(() => relay.stop());
      const hooks = [];
      if (config.healthChecks === 'on') {
        await health.start();
        healthRef.engine = health;
        healthRef.runNow = relay.register('check', {
          keyOf: async (checkId) =>
            (
              await pool.query<{ canary_id: string }>(
                'SELECT canary_id FROM checks WHERE id = $1',
                [checkId],
              )
            ).rows[0]?.canary_id,
          run: async (checkId) => {
            const result = await health.runCheckNow(checkId);
            return result && { time: result.time.toISOString() };
          },
        });
        hooks.push({
          release: (gone: (id: string) => boolean) => health.relinquish(gone),
          acquired: () => health.resync(),
        });
        cleanups.push(async () => {
          healthRef.engine = undefined;
          healthRef.runNow = undefined;
          await health.stop();
        });
      }
      if (config.scrapers === 'on') {
        await catalog.start();
        catalogRef.engine = catalog;
        catalogRef.runNow = relay.register('scraper', {
          keyOf: async (id) => id,
          run: async (id) => relayable(await catalog.runNow(id)),
        });
        hooks.push({
          release: (gone: (id: string) => boolean) => catalog.relinquish(gone),
          acquired: () => catalog.resync(),
        });
        cleanups.push(async () => {
          catalogRef.engine = undefined;
          catalogRef.runNow = undefined;
          await catalog.stop();
        });
      }
      // Stopped first (cleanups run last-in first): the work ends before its locks are let go.
      cleanups.push(() => shares.stop());
      await shares.start(hooks);
    };
    // Topologies: built from their specs (lookups run the same check runners), statuses kept current.
    if (config.topologies === 'on') {
      controllers.whenLeading(async () => {
        const topologies = new TopologyEngine({
          pool,
          log: log.child({ component: 'topology' }),
          runners: withValueFrom({ ...RUNNERS, exec: execRunnerFor(sandbox) }),
          writeStatus: statusWriter(kindByName('Topology') as KindDescriptor, source, log),
        });
        await topologies.start();
        topologyRef.engine = topologies;
        return async () => {
          topologyRef.engine = undefined;
          await topologies.stop();
        };
      });
    }
    // Playbooks: due runs executed, event and schedule triggers followed.
    if (config.playbooks === 'on') {
      controllers.whenLeading(async () => {
        const playbooks = new PlaybookEngine({
          pool,
          log: log.child({ component: 'playbooks' }),
          actions: ACTIONS,
          sandbox,
          mode: kc ? 'cluster' : 'embedded',
          ...(kc ? { kubeconfig: kc } : {}),
          notifyEndpoints: config.notifyEndpoints,
          publicUrl: () =>
            config.publicUrl ?? `http://localhost:${(server.address() as AddressInfo).port}`,
        });
        await playbooks.start();
        return () => playbooks.stop();
      });
    }
    // Notifications: events decided against the rules, sends made, retried and recorded.
    if (config.notifications === 'on') {
      controllers.whenLeading(async () => {
        const notifications = new NotificationEngine({
          pool,
          log: log.child({ component: 'notifications' }),
          baseUrl: config.publicUrl ?? `http://localhost:${(server.address() as AddressInfo).port}`,
          smtpUrl: config.smtpUrl,
          endpoints: config.notifyEndpoints,
        });
        await notifications.start();
        return () => notifications.stop();
      });
    }
    // Agent mode: what runs here is pushed to the central Vigil, from the leader only.
    const { agentOf, agentToken } = config;
    if (agentOf && agentToken) {
      log.info({ upstream: agentOf }, 'running as an agent: pushing to the central Vigil');
      controllers.whenLeading(() => {
        const applier = new SettingsApplier(pool, log.child({ component: 'agent' }), Boolean(kc));
        const pusher = new Pusher({
          pool,
          log: log.child({ component: 'agent' }),
          registry: metrics.registry,
          upstream: agentOf,
          token: agentToken,
          intervalMs: config.agentPushInterval * 1000,
          queueLimit: config.agentQueueLimit,
          onSettings: (settings) => applier.apply(settings),
        });
        pusher.start();
        // Playbook actions whose runsOn names this agent, claimed from the central Vigil.
        const puller = new ActionPuller({
          pool,
          log: log.child({ component: 'agent-actions' }),
          upstream: agentOf,
          token: agentToken,
          intervalMs: config.agentPushInterval * 1000,
          actions: ACTIONS,
          sandbox,
          mode: kc ? 'cluster' : 'embedded',
          ...(kc ? { kubeconfig: kc } : {}),
        });
        puller.start();
        return async () => {
          await Promise.all([pusher.stop(), puller.stop()]);
        };
      });
    }
    // Incident rules and the definition-of-done automation.
    controllers.whenLeading(() => {
      const incidentAutomation = new IncidentAutomation({
        pool,
        log: log.child({ component: 'incidents' }),
      });
      incidentAutomation.start();
      return () => incidentAutomation.stop();
    });
    // Responders added to incidents are delivered (email, Jira, ServiceNow, Planner, webhooks)
    // from event_queue; links use the public URL, else this server's own address.
    controllers.whenLeading(async () => {
      const responders = responderDelivery({
        pool,
        log: log.child({ component: 'responders' }),
        publicUrl: () =>
          config.publicUrl ?? `http://localhost:${(server.address() as AddressInfo).port}`,
      });
      await responders.start();
      return () => responders.stop();
    });
    const server = http.createServer(app);
    // Watches (kubectl get -w, informers) hold requests open for minutes; no request timeout.
    server.requestTimeout = 0;
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    const port = (server.address() as AddressInfo).port;
    const tlsPort = config.tlsPort;
    if (tlsPort !== 'off') {
      const publicHost = config.publicUrl ? new URL(config.publicUrl).hostname : undefined;
      const tls = loadTls({
        dataDir: config.dataDir,
        certFile: config.tlsCert,
        keyFile: config.tlsKey,
        hosts: publicHost ? [publicHost] : [],
      });
      const secure = https.createServer({ cert: tls.cert, key: tls.key }, app);
      secure.requestTimeout = 0;
      await new Promise<void>((resolve, reject) => {
        secure.once('error', reject);
        secure.listen(tlsPort, config.host, resolve);
      });
      k8sEndpoint.port = (secure.address() as AddressInfo).port;
      k8sEndpoint.ca = tls.ca;
      cleanups.push(
        () =>
          new Promise<void>((resolve) => {
            secure.close(() => resolve());
            secure.closeAllConnections();
          }),
      );
    }
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          // Watches would hold the server open: end them (clients relist or reconnect).
          void (app.locals.stopWatches as () => Promise<void>)();
          const force = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
          server.close(() => {
            clearTimeout(force);
            resolve();
          });
          server.closeIdleConnections();
        }),
    );
    if (config.controllers === 'on') {
      controllers.start();
      await startShared();
    }
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: config.publicUrl ?? `http://${host}:${port}`,
      port,
      tlsPort: k8sEndpoint.port,
      pool,
      admin,
      stop: cleanup,
    };
  } catch (error) {
    await cleanup().catch(() => undefined);
    throw error;
  }
}
