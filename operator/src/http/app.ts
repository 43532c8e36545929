import crypto from 'node:crypto';
import express, { Router } from 'express';
import type pg from 'pg';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { VERSION } from '../version.js';
import { PrincipalCache } from '../auth/principalCache.js';
import { crdsProvider } from '../k8s/provider.js';
import { isK8sRootPath, k8sRouter, type KindsProvider } from '../k8s/router.js';
import { WatchHub } from '../k8s/watch.js';
import { authenticate, forgetPrincipalsOnAccessChange, requireSignIn } from './authn.js';
import { consoleRoutes } from './console.js';
import { docsRoutes } from './docs.js';
import { apiNotFound, errorHandler } from './errors.js';
import { createMetrics, type Metrics } from './metrics.js';
import { agentRoutes } from './routes/agents.js';
import { upstreamRoutes } from './routes/upstream.js';
import { authRoutes } from './routes/auth.js';
import { canaryRoutes } from './routes/canary.js';
import { catalogRoutes } from './routes/catalog.js';
import { snapshotRoutes } from './routes/snapshot.js';
import { topologyRoutes } from './routes/topology.js';
import type { CatalogRef, HealthRef } from '../controllers/engineRefs.js';
import type { TopologyEngine } from '../topology/engine.js';
import { topologyBuildRoutes } from './routes/topologyBuild.js';
import { notificationRoutes } from './routes/notification.js';
import { connectionRoutes } from './routes/connection.js';
import { playbookRoutes } from './routes/playbooks.js';
import { playbookArtifactRoutes } from './routes/playbookArtifacts.js';
import { playbookWebhookRoutes } from './routes/playbookWebhook.js';
import { kubeconfigRoutes, type K8sEndpoint } from './routes/kubeconfig.js';
import { profileRoutes } from './routes/profile.js';
import { userRoutes } from './routes/users.js';
import { propertyRoutes } from './routes/properties.js';
import { eventQueueRoutes } from './routes/eventQueue.js';
import { logRoutes } from './routes/logs.js';
import { explainRoutes } from './routes/explain.js';
import { LocalProperties } from '../properties/local.js';
import { dbApi, type DbApiOptions } from '../postgrest/handler.js';
import { systemRoutes } from './routes/system.js';
import { securityHeaders } from './securityHeaders.js';

export interface AppDeps {
  pool: pg.Pool;
  log: Logger;
  config: Pick<Config, 'consoleDir' | 'publicUrl'> &
    Partial<Pick<Config, 'trustedProxies' | 'propertiesFile' | 'notifyEndpoints'>> & {
      docsDir?: string;
      k8sEndpoint?: K8sEndpoint;
    };
  metrics?: Metrics;
  db?: DbApiOptions;
  k8sProvider?: KindsProvider;
  watchHub?: WatchHub;
  /** The health engine, once this replica leads (Run Now needs it). */
  health?: HealthRef;
  /** The catalog engine, once this replica leads (Scrape now needs it). */
  catalog?: CatalogRef;
  /** The topology engine, once this replica leads (Build now needs it). */
  topology?: { engine?: TopologyEngine };
}

/** Builds the whole HTTP surface without listening, so tests drive it in-process. */
export function createApp({
  pool,
  log,
  config,
  metrics = createMetrics(),
  db,
  k8sProvider = crdsProvider(),
  watchHub,
  health = {},
  catalog = {},
  topology = {},
}: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-* is believed only from the proxies VIGIL_TRUSTED_PROXIES names; by default
  // req.ip is the socket's address, so no client can pick the address the throttle counts.
  const trusted = config.trustedProxies ?? [];
  app.set('trust proxy', trusted.length ? trusted : false);
  app.use(securityHeaders({ publicUrl: config.publicUrl }));

  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id =
          typeof incoming === 'string' && /^[\w.-]{1,128}$/.test(incoming)
            ? incoming
            : crypto.randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      autoLogging: {
        ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics',
      },
    }),
  );
  app.use(metrics.middleware);
  app.use(systemRoutes(pool, metrics, watchHub));

  const principals = new PrincipalCache();
  const api = Router();
  const json = express.json({ limit: '5mb' });
  // An agent's push carries up to MAX_PUSH_ROWS rows (config items can be large).
  const pushJson = express.json({ limit: '32mb' });
  // /db parses its own bodies so that malformed JSON gets a PostgREST-shaped error.
  api.use((req, res, next) => {
    if (req.path.startsWith('/db/')) return next();
    return (req.path.startsWith('/upstream/') ? pushJson : json)(req, res, next);
  });
  api.use(authenticate(pool, principals));
  api.use(forgetPrincipalsOnAccessChange(principals));
  const localProperties = new LocalProperties(config.propertiesFile, log);
  api.use('/auth', authRoutes(pool, localProperties));
  api.use(requireSignIn);
  const publicUrl = (req: express.Request) =>
    config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  const users = userRoutes(pool, publicUrl);
  api.use('/auth', profileRoutes(pool, publicUrl), users.auth);
  api.use('/people', users.people);
  api.use('/rbac', explainRoutes(pool), users.rbac);
  api.use('/agent', agentRoutes(pool));
  api.use('/upstream', upstreamRoutes(pool));
  api.use('/canary', canaryRoutes(pool, health), topologyRoutes(pool));
  api.use('/snapshot', snapshotRoutes(pool));
  api.use('/catalog', catalogRoutes(pool, catalog));
  api.use('/topology', topologyBuildRoutes(pool, topology));
  api.use('/playbook', playbookArtifactRoutes(pool), playbookRoutes(pool));
  api.use('/notification', notificationRoutes(pool));
  api.use(
    '/connection',
    connectionRoutes(
      pool,
      config.notifyEndpoints ? { notifyEndpoints: config.notifyEndpoints } : {},
    ),
  );
  api.get('/about', (_req, res) => {
    res.json({ Version: VERSION });
  });
  api.use('/properties', propertyRoutes(pool, localProperties));
  api.use('/event-queue', eventQueueRoutes(pool));
  api.use('/logs', logRoutes(pool));
  api.use('/db', dbApi(pool, db).router);
  api.use('/kubeconfig', kubeconfigRoutes(pool, publicUrl, config.k8sEndpoint));
  api.use(apiNotFound);
  // The Kubernetes-compatible API for Vigil's kinds. kubectl sends `get --raw` paths from the
  // host root, so the Kubernetes paths are served at the root too (new kubeconfigs point
  // there); /k8s stays for kubeconfigs downloaded before.
  const hub = watchHub ?? new WatchHub(pool, k8sProvider.kinds, log);
  app.locals.stopWatches = () => hub.stop();
  const k8s = k8sRouter({
    pool,
    provider: k8sProvider,
    hub,
    log,
    version: VERSION,
    authenticate: authenticate(pool, principals),
  });
  app.use((req, res, next) => (isK8sRootPath(req.path) ? k8s(req, res, next) : next()));
  app.use('/api', api);
  // Webhooks authenticate with their own credentials (the playbook's on.webhook), not a session.
  app.use('/playbook/webhook', playbookWebhookRoutes(pool));
  app.use('/k8s', k8s);

  if (config.docsDir) app.use('/docs', docsRoutes(config.docsDir));
  app.use(consoleRoutes(config.consoleDir));
  app.use(errorHandler);
  return app;
}
