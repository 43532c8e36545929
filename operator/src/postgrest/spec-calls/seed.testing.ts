import type { Pool } from '../../db/pool.js';

/** `<kind>000000-0000-4000-8000-<n>`: fixed ids, so assertions can name rows and their order. */
const uuid = (kind: string, n: number) =>
  `${kind}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Every id the spec-calls suite refers to. Within a kind, ids sort in the order listed (people:
 * alice < bob < carol < dave), which fixes the order of the JSON arrays views sort by id.
 */
export const ID = {
  nilAgent: '00000000-0000-0000-0000-000000000000',
  alice: uuid('a1', 1),
  bob: uuid('a1', 2),
  carol: uuid('a1', 3),
  dave: uuid('a1', 4),
  edgePerson: uuid('a1', 5),
  sre: uuid('b1', 1),
  platform: uuid('b1', 2),
  retiredTeam: uuid('b1', 3),
  edgeEu: uuid('c1', 1),
  edgeUs: uuid('c1', 2),
  httpCanary: uuid('d1', 1),
  dnsCanary: uuid('d1', 2),
  apiHealth: uuid('d2', 1),
  webLatency: uuid('d2', 2),
  dnsResolve: uuid('d2', 3),
  silencedCheck: uuid('d2', 4),
  scraper: uuid('e1', 1),
  deletedScraper: uuid('e1', 2),
  cluster: uuid('e2', 1),
  namespace: uuid('e2', 2),
  deployment: uuid('e2', 3),
  pod: uuid('e2', 4),
  ordersDb: uuid('e2', 5),
  oldPod: uuid('e2', 6),
  changeDiff: uuid('e3', 1),
  changeScaled: uuid('e3', 2),
  changeOld: uuid('e3', 3),
  changeBackOff: uuid('e3', 4),
  crashLoop: uuid('e4', 1),
  latestTag: uuid('e4', 2),
  publicRds: uuid('e4', 3),
  clusterTopology: uuid('f1', 1),
  edgeTopology: uuid('f1', 2),
  deletedTopology: uuid('f1', 3),
  clusterComponent: uuid('f2', 1),
  apiServer: uuid('f2', 2),
  database: uuid('f2', 3),
  legacy: uuid('f2', 4),
  deletedComponent: uuid('f2', 5),
  inc1: uuid('11', 1),
  inc2: uuid('11', 2),
  inc3: uuid('11', 3),
  badDeploy: uuid('12', 1),
  poolExhausted: uuid('12', 2),
  slowQuery: uuid('12', 3),
  deployEvidence: uuid('13', 1),
  logEvidence: uuid('13', 2),
  dbEvidence: uuid('13', 3),
  rollbackComment: uuid('14', 1),
  jiraComment: uuid('14', 2),
  daveResponder: uuid('15', 1),
  jiraResponder: uuid('15', 2),
  removedResponder: uuid('15', 3),
  incidentRule: uuid('16', 1),
  restart: uuid('21', 1),
  scale: uuid('21', 2),
  oldPlaybook: uuid('21', 3),
  restartRun: uuid('22', 1),
  failedRun: uuid('22', 2),
  scaleRun: uuid('22', 3),
  restartAction: uuid('23', 1),
  waitAction: uuid('23', 2),
  paymentsRule: uuid('31', 1),
  sreRule: uuid('31', 2),
  deletedRule: uuid('31', 3),
  sentOk: uuid('32', 1),
  sentError1: uuid('32', 2),
  sentError2: uuid('32', 3),
  silencedSend: uuid('32', 4),
  configSend: uuid('32', 5),
  checkSilence: uuid('33', 1),
  configSilence: uuid('33', 2),
  componentSilence: uuid('33', 3),
  deletedSilence: uuid('33', 4),
  slack: uuid('41', 1),
  postgres: uuid('41', 2),
  deletedConnection: uuid('41', 3),
  bobReadsDeployment: uuid('42', 1),
  sreOwnsApiServer: uuid('42', 2),
  carolRunsRestart: uuid('42', 3),
  platformDeniedCanary: uuid('42', 4),
  daveReadsSlack: uuid('42', 5),
  bobReadsCheck: uuid('42', 6),
  loki: uuid('43', 1),
  elastic: uuid('43', 2),
  jira: uuid('44', 1),
  savedQuery: uuid('45', 1),
} as const;

const ago = (interval: string) => `now() - interval '${interval}'`;

/**
 * A small, realistic installation: a payments team's Kubernetes cluster and database, the checks,
 * topology and catalog describing them, an incident about a bad deploy, playbooks, notification
 * rules and the settings around them. Triggers run as in production, so incident histories,
 * config parent links and check rollups are real; the event queue is reset to a known state.
 */
export const SEED_SQL = `
INSERT INTO people (id, name, email, avatar, type, properties, created_at) VALUES
  ('${ID.alice}', 'Alice Smith', 'alice@example.com', 'https://img/alice.png', NULL, '{"first_name":"Alice","last_name":"Smith"}', ${ago('30 days')}),
  ('${ID.bob}', 'Bob Jones', 'bob@example.com', NULL, NULL, NULL, ${ago('29 days')}),
  ('${ID.carol}', 'Carol White', 'carol@example.com', 'https://img/carol.png', NULL, NULL, ${ago('28 days')}),
  ('${ID.dave}', 'Dave Brown', 'dave@example.com', NULL, NULL, NULL, ${ago('27 days')}),
  ('${ID.edgePerson}', 'edge-eu', 'edge-eu@local', NULL, 'agent', NULL, ${ago('20 days')});
INSERT INTO person_roles (person_id, role) VALUES
  ('${ID.alice}', 'editor'), ('${ID.bob}', 'responder'), ('${ID.bob}', 'viewer');

INSERT INTO teams (id, name, icon, spec, source, created_by, created_at, deleted_at) VALUES
  ('${ID.sre}', 'SRE', 'sre-icon', '{"responder_clients":{"jira":{"project":"OPS"}}}', 'UI', '${ID.alice}', ${ago('25 days')}, NULL),
  ('${ID.platform}', 'Platform', 'platform-icon', '{}', 'UI', '${ID.bob}', ${ago('24 days')}, NULL),
  ('${ID.retiredTeam}', 'Retired', NULL, NULL, 'UI', '${ID.bob}', ${ago('23 days')}, ${ago('1 day')});
INSERT INTO team_members (team_id, person_id) VALUES
  ('${ID.sre}', '${ID.alice}'), ('${ID.sre}', '${ID.bob}'),
  ('${ID.platform}', '${ID.bob}'), ('${ID.platform}', '${ID.carol}');

INSERT INTO agents (id, name, hostname, description, version, person_id, properties, created_by, created_at, last_seen) VALUES
  ('${ID.edgeEu}', 'edge-eu', 'edge-eu-1', 'EU edge cluster', 'v1.2.0', '${ID.edgePerson}', '{"type":"agent"}', '${ID.alice}', ${ago('20 days')}, ${ago('30 seconds')}),
  ('${ID.edgeUs}', 'edge-us', 'edge-us-1', 'US edge cluster', 'v1.1.0', NULL, '{"type":"agent"}', '${ID.alice}', ${ago('10 days')}, ${ago('2 days')});

INSERT INTO canaries (id, agent_id, name, namespace, labels, spec, source, created_by, created_at) VALUES
  ('${ID.httpCanary}', '${ID.nilAgent}', 'http-checks', 'default', '{"team":"sre"}', '{"interval":30,"schedule":"@every 30s","http":[{"name":"api-health"}]}', 'UI', '${ID.alice}', ${ago('15 days')}),
  ('${ID.dnsCanary}', '${ID.edgeEu}', 'dns-checks', 'edge', NULL, '{"interval":60,"dns":[{"name":"dns-resolve"}]}', 'kubernetes/edge/dns-checks', NULL, ${ago('14 days')});
INSERT INTO checks (id, canary_id, agent_id, type, name, namespace, description, icon, labels, severity, created_at, silenced_at) VALUES
  ('${ID.apiHealth}', '${ID.httpCanary}', '${ID.nilAgent}', 'http', 'api-health', 'default', 'Payments API health endpoint', 'http', '{"env":"prod"}', 'high', ${ago('15 days')}, NULL),
  ('${ID.webLatency}', '${ID.httpCanary}', '${ID.nilAgent}', 'http', 'web-latency', 'default', NULL, 'http', NULL, 'medium', ${ago('15 days')}, NULL),
  ('${ID.dnsResolve}', '${ID.dnsCanary}', '${ID.edgeEu}', 'dns', 'dns-resolve', 'edge', NULL, 'dns', NULL, 'low', ${ago('14 days')}, NULL),
  ('${ID.silencedCheck}', '${ID.httpCanary}', '${ID.nilAgent}', 'http', 'old-endpoint', 'default', NULL, 'http', NULL, NULL, ${ago('15 days')}, ${ago('1 day')});
INSERT INTO check_statuses (check_id, time, status, duration, message, error) VALUES
  ('${ID.apiHealth}', ${ago('50 minutes')}, true, 120, 'OK', NULL),
  ('${ID.apiHealth}', ${ago('40 minutes')}, true, 80, 'OK', NULL),
  ('${ID.apiHealth}', ${ago('30 minutes')}, false, 3000, NULL, 'HTTP 500'),
  ('${ID.apiHealth}', ${ago('20 minutes')}, true, 95, 'OK', NULL),
  ('${ID.apiHealth}', ${ago('10 minutes')}, true, 110, 'OK', NULL),
  ('${ID.webLatency}', ${ago('15 minutes')}, false, 2500, NULL, 'latency above 2s'),
  ('${ID.webLatency}', ${ago('5 minutes')}, false, 3100, NULL, 'latency above 2s'),
  ('${ID.dnsResolve}', ${ago('3 hours')}, true, 12, 'resolved', NULL);

INSERT INTO config_scrapers (id, name, description, spec, source, created_by, created_at, deleted_at) VALUES
  ('${ID.scraper}', 'kubernetes-scraper', 'Scrapes the prod cluster', '{"kubernetes":[{"clusterName":"prod"}]}', 'UI', '${ID.alice}', ${ago('20 days')}, NULL),
  ('${ID.deletedScraper}', 'old-scraper', NULL, '{}', 'UI', '${ID.alice}', ${ago('19 days')}, ${ago('2 days')});
INSERT INTO config_items (id, scraper_id, parent_id, config_class, type, name, status, health, ready, external_id, labels, tags, description, cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d, config, created_at, deleted_at) VALUES
  ('${ID.cluster}', '${ID.scraper}', NULL, 'Cluster', 'Kubernetes::Cluster', 'prod-cluster', 'Running', 'healthy', true, '{cluster-prod}', '{"env":"prod"}', '{"cluster":"prod"}', 'Production cluster', NULL, NULL, NULL, NULL, '{}', ${ago('20 days')}, NULL),
  ('${ID.namespace}', '${ID.scraper}', '${ID.cluster}', 'Namespace', 'Kubernetes::Namespace', 'payments', 'Active', 'healthy', true, '{ns-payments}', '{"team":"payments"}', '{"cluster":"prod"}', NULL, NULL, NULL, NULL, NULL, '{}', ${ago('20 days')}, NULL),
  ('${ID.deployment}', '${ID.scraper}', '${ID.namespace}', 'Deployment', 'Kubernetes::Deployment', 'payments-api', 'Running', 'healthy', true, '{uid-deploy-1,payments/payments-api}', '{"app":"payments","env":"prod","app.kubernetes.io/name":"payments-api"}', '{"namespace":"payments","cluster":"prod"}', 'Payments REST API', 0.0012, 1.73, 12.1, 51.84, '{"spec":{"replicas":3}}', ${ago('19 days')}, NULL),
  ('${ID.pod}', '${ID.scraper}', '${ID.deployment}', 'Pod', 'Kubernetes::Pod', 'payments-api-7d9f', 'CrashLoopBackOff', 'unhealthy', false, '{uid-pod-1}', '{"app":"payments"}', '{"namespace":"payments","cluster":"prod"}', NULL, 0.0004, 0.58, 4.03, 17.28, '{}', ${ago('2 days')}, NULL),
  ('${ID.ordersDb}', NULL, NULL, 'Database', 'AWS::RDS::DBInstance', 'orders-db', 'available', 'warning', true, '{arn:aws:rds:orders-db}', '{"region":"eu-west-1","env":"prod"}', '{"account":"prod"}', 'Orders database', 0.01, 14.4, 100.8, 432, '{}', ${ago('18 days')}, NULL),
  ('${ID.oldPod}', '${ID.scraper}', '${ID.deployment}', 'Pod', 'Kubernetes::Pod', 'payments-api-old', 'Terminated', 'unknown', false, '{uid-pod-0}', '{"app":"payments"}', '{"namespace":"payments","cluster":"prod"}', NULL, NULL, NULL, NULL, NULL, '{}', ${ago('9 days')}, ${ago('8 days')});
INSERT INTO config_relationships (config_id, related_id, relation, selector_id) VALUES
  ('${ID.deployment}', '${ID.ordersDb}', 'uses', 'manual');
INSERT INTO config_changes (id, config_id, external_change_id, external_created_by, change_type, severity, source, summary, diff, details, patches, created_at) VALUES
  ('${ID.changeDiff}', '${ID.deployment}', 'chg-1', 'ci-bot', 'diff', 'info', 'kubernetes', 'image bumped to 1.4.2', '-image: 1.4.1\n+image: 1.4.2', '{"image":"1.4.2"}', '{"spec":{"image":"1.4.2"}}', ${ago('1 hour')}),
  ('${ID.changeScaled}', '${ID.deployment}', 'chg-2', 'alice', 'Scaled', 'low', 'kubernetes', 'replicas 2 -> 3', NULL, NULL, NULL, ${ago('1 day')}),
  ('${ID.changeOld}', '${ID.deployment}', 'chg-3', 'ci-bot', 'Deployment', 'high', 'kubernetes', 'first rollout', NULL, NULL, NULL, ${ago('10 days')}),
  ('${ID.changeBackOff}', '${ID.pod}', 'chg-4', NULL, 'BackOff', 'high', 'kubernetes/event', 'Back-off restarting failed container', NULL, NULL, NULL, ${ago('2 hours')});
INSERT INTO config_analysis (id, config_id, analyzer, analysis_type, severity, status, message, summary, source, analysis, first_observed, last_observed) VALUES
  ('${ID.crashLoop}', '${ID.pod}', 'pod-crashloop', 'availability', 'critical', 'open', 'Back-off restarting failed container', 'CrashLoopBackOff', 'kubernetes', '{"restarts":12}', ${ago('3 hours')}, ${ago('5 minutes')}),
  ('${ID.latestTag}', '${ID.deployment}', 'image-latest-tag', 'security', 'medium', 'open', 'Image uses the latest tag', NULL, 'trivy', '{}', ${ago('1 day')}, NULL),
  ('${ID.publicRds}', '${ID.ordersDb}', 'rds-public-access', 'security', 'high', 'resolved', 'Instance is publicly accessible', NULL, 'aws', '{}', ${ago('5 days')}, ${ago('4 days')});

INSERT INTO topologies (id, agent_id, name, namespace, labels, source, spec, created_by, created_at, deleted_at) VALUES
  ('${ID.clusterTopology}', '${ID.nilAgent}', 'cluster', 'default', '{"env":"prod"}', 'UI', '{"schedule":"@every 5m"}', '${ID.alice}', ${ago('12 days')}, NULL),
  ('${ID.edgeTopology}', '${ID.edgeEu}', 'edge', 'edge', NULL, 'Push', '{}', NULL, ${ago('11 days')}, NULL),
  ('${ID.deletedTopology}', '${ID.nilAgent}', 'retired', 'default', NULL, 'UI', '{}', '${ID.alice}', ${ago('10 days')}, ${ago('1 day')});
INSERT INTO components (id, topology_id, parent_id, config_id, external_id, name, type, status, icon, labels, hidden, log_selectors, path, created_at, deleted_at) VALUES
  ('${ID.clusterComponent}', '${ID.clusterTopology}', NULL, '${ID.cluster}', 'cluster', 'prod-cluster', 'KubernetesCluster', 'healthy', 'k8s', '{"env":"prod"}', false, NULL, '', ${ago('12 days')}, NULL),
  ('${ID.apiServer}', '${ID.clusterTopology}', '${ID.clusterComponent}', '${ID.deployment}', 'payments-api', 'payments-api', 'KubernetesPod', 'unhealthy', 'pod', '{"app":"payments","env":"prod"}', false, '[{"name":"api-logs","labels":{"app":"payments"}}]', '${ID.clusterComponent}', ${ago('12 days')}, NULL),
  ('${ID.database}', '${ID.clusterTopology}', '${ID.clusterComponent}', '${ID.ordersDb}', 'orders-db', 'orders-db', 'Database', 'warning', 'database', '{"env":"prod","tier":"data"}', false, NULL, '${ID.clusterComponent}', ${ago('12 days')}, NULL),
  ('${ID.legacy}', '${ID.clusterTopology}', '${ID.clusterComponent}', NULL, 'legacy', 'legacy-batch', 'KubernetesPod', 'healthy', 'pod', NULL, true, NULL, '${ID.clusterComponent}', ${ago('12 days')}, NULL),
  ('${ID.deletedComponent}', '${ID.clusterTopology}', '${ID.clusterComponent}', NULL, 'gone', 'gone-service', 'KubernetesPod', 'unknown', 'pod', '{"stale":"yes"}', false, '[{"name":"gone"}]', '${ID.clusterComponent}', ${ago('12 days')}, ${ago('2 days')});
INSERT INTO component_relationships (component_id, relationship_id, selector_id) VALUES
  ('${ID.apiServer}', '${ID.database}', 'depends-on');
INSERT INTO config_component_relationships (component_id, config_id, selector_id) VALUES
  ('${ID.apiServer}', '${ID.deployment}', 'selector'),
  ('${ID.apiServer}', '${ID.pod}', 'selector'),
  ('${ID.database}', '${ID.ordersDb}', 'selector');
INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES
  ('${ID.apiServer}', '${ID.apiHealth}', '${ID.httpCanary}'),
  ('${ID.apiServer}', '${ID.webLatency}', '${ID.httpCanary}');
INSERT INTO check_config_relationships (config_id, check_id, canary_id) VALUES
  ('${ID.deployment}', '${ID.apiHealth}', '${ID.httpCanary}');
INSERT INTO team_components (team_id, component_id, role, selector_id) VALUES
  ('${ID.sre}', '${ID.apiServer}', 'owner', 'manual');

INSERT INTO incident_rules (id, name, spec, source, created_by, created_at) VALUES
  ('${ID.incidentRule}', 'auto-create-critical', '{"filter":{"status":["unhealthy"]}}', 'UI', '${ID.alice}', ${ago('9 days')});
INSERT INTO incidents (id, title, description, severity, type, status, created_by, commander_id, communicator_id, created_at, resolved) VALUES
  ('${ID.inc1}', 'Payments API returning 500s', 'Checkout fails for 20% of users', 'high', 'availability', 'open', '${ID.alice}', '${ID.bob}', '${ID.carol}', ${ago('2 hours')}, NULL),
  ('${ID.inc2}', 'Orders database latency spike', 'p99 above 2s', 'medium', 'performance', 'investigating', '${ID.bob}', '${ID.alice}', NULL, ${ago('1 day')}, NULL),
  ('${ID.inc3}', 'Certificate expiry on edge', 'Renewed manually', 'low', 'security', 'resolved', '${ID.carol}', NULL, NULL, ${ago('3 days')}, ${ago('2 days')});
INSERT INTO responders (id, incident_id, type, person_id, team_id, properties, created_by, created_at, deleted_at) VALUES
  ('${ID.daveResponder}', '${ID.inc1}', 'person', '${ID.dave}', NULL, '{"responderType":"person"}', '${ID.alice}', ${ago('110 minutes')}, NULL),
  ('${ID.jiraResponder}', '${ID.inc1}', 'jira', NULL, '${ID.sre}', '{"responderType":"jira","project":"OPS"}', '${ID.alice}', ${ago('100 minutes')}, NULL),
  ('${ID.removedResponder}', '${ID.inc1}', 'person', '${ID.carol}', NULL, '{"responderType":"person"}', '${ID.alice}', ${ago('90 minutes')}, ${ago('80 minutes')});
INSERT INTO hypotheses (id, incident_id, parent_id, type, title, status, created_by, created_at) VALUES
  ('${ID.badDeploy}', '${ID.inc1}', NULL, 'root', 'Bad deploy of payments-api', 'likely', '${ID.alice}', ${ago('100 minutes')}),
  ('${ID.poolExhausted}', '${ID.inc1}', '${ID.badDeploy}', 'factor', 'Connection pool exhausted', 'possible', '${ID.bob}', ${ago('90 minutes')}),
  ('${ID.slowQuery}', '${ID.inc2}', NULL, 'root', 'Slow query on orders table', 'proven', '${ID.bob}', ${ago('20 hours')});
INSERT INTO evidences (id, hypothesis_id, type, description, config_id, config_change_id, component_id, check_id, evidence, definition_of_done, created_by, created_at) VALUES
  ('${ID.deployEvidence}', '${ID.badDeploy}', 'config_change', 'Image bumped minutes before errors', '${ID.deployment}', '${ID.changeDiff}', '${ID.apiServer}', NULL, '{"comment":"see diff"}', true, '${ID.alice}', ${ago('95 minutes')}),
  ('${ID.logEvidence}', '${ID.badDeploy}', 'log', 'Errors in api logs', NULL, NULL, NULL, '${ID.apiHealth}', '{"lines":["500 Internal Server Error"]}', false, '${ID.bob}', ${ago('85 minutes')}),
  ('${ID.dbEvidence}', '${ID.slowQuery}', 'topology', 'Database marked warning', NULL, NULL, '${ID.database}', NULL, NULL, false, '${ID.bob}', ${ago('19 hours')});
INSERT INTO comments (id, incident_id, hypothesis_id, responder_id, comment, external_created_by, created_by, created_at) VALUES
  ('${ID.rollbackComment}', '${ID.inc1}', '${ID.badDeploy}', NULL, 'Rolling back to 1.4.1', NULL, '${ID.carol}', ${ago('80 minutes')}),
  ('${ID.jiraComment}', '${ID.inc1}', '${ID.badDeploy}', '${ID.jiraResponder}', 'OPS-42 created', 'jira-bot', '${ID.bob}', ${ago('70 minutes')});

INSERT INTO playbooks (id, name, title, namespace, category, icon, description, spec, source, created_by, created_at, deleted_at) VALUES
  ('${ID.restart}', 'restart-deployment', 'Restart deployment', 'default', 'Kubernetes', 'k8s', 'Rolling restart', '{"configs":[{"types":["Kubernetes::Deployment"]}],"parameters":[{"name":"reason","label":"Reason"}],"actions":[{"name":"restart"}]}', 'UI', '${ID.alice}', ${ago('8 days')}, NULL),
  ('${ID.scale}', 'scale-deployment', 'Scale deployment', 'default', 'Kubernetes', NULL, NULL, '{"icon":"scale","actions":[{"name":"scale"}]}', 'UI', '${ID.bob}', ${ago('7 days')}, NULL),
  ('${ID.oldPlaybook}', 'old-playbook', 'Old', 'default', '', NULL, NULL, '{}', 'UI', '${ID.bob}', ${ago('6 days')}, ${ago('1 day')});
INSERT INTO playbook_runs (id, playbook_id, status, config_id, component_id, check_id, parameters, created_by, created_at, start_time, end_time) VALUES
  ('${ID.restartRun}', '${ID.restart}', 'completed', '${ID.deployment}', NULL, NULL, '{"reason":"bad deploy"}', '${ID.alice}', ${ago('1 hour')}, ${ago('1 hour')}, ${ago('58 minutes')}),
  ('${ID.failedRun}', '${ID.restart}', 'failed', NULL, '${ID.apiServer}', NULL, NULL, '${ID.bob}', ${ago('3 days')}, ${ago('3 days')}, ${ago('3 days')}),
  ('${ID.scaleRun}', '${ID.scale}', 'running', NULL, NULL, '${ID.apiHealth}', NULL, NULL, ${ago('10 minutes')}, ${ago('10 minutes')}, NULL);
INSERT INTO playbook_run_actions (id, playbook_run_id, name, status, scheduled_time, start_time, end_time, result) VALUES
  ('${ID.waitAction}', '${ID.restartRun}', 'wait for rollout', 'completed', ${ago('59 minutes')}, ${ago('59 minutes')}, ${ago('58 minutes')}, '{"stdout":"rolled out"}'),
  ('${ID.restartAction}', '${ID.restartRun}', 'kubectl rollout restart', 'completed', ${ago('1 hour')}, ${ago('1 hour')}, ${ago('59 minutes')}, '{"stdout":"restarted"}');

INSERT INTO notifications (id, name, namespace, title, events, filter, person_id, team_id, custom_services, repeat_interval, created_by, source, created_at, deleted_at) VALUES
  ('${ID.paymentsRule}', 'payments-alerts', 'default', 'Payments failures', '{check.failed,config.unhealthy}', 'check.labels.env == "prod"', '${ID.alice}', NULL, NULL, '1h', '${ID.alice}', 'UI', ${ago('6 days')}, NULL),
  ('${ID.sreRule}', 'sre-components', NULL, 'Component health', '{component.unhealthy}', NULL, NULL, '${ID.sre}', '[{"name":"slack","connection":"connection://slack-alerts"}]', NULL, '${ID.bob}', 'UI', ${ago('5 days')}, NULL),
  ('${ID.deletedRule}', 'old-rule', 'default', NULL, '{check.passed}', NULL, '${ID.bob}', NULL, NULL, NULL, '${ID.bob}', 'UI', ${ago('4 days')}, ${ago('1 day')});
INSERT INTO notification_send_history (id, notification_id, status, source_event, resource_id, person_id, error, duration_millis, created_at) VALUES
  ('${ID.sentOk}', '${ID.paymentsRule}', 'sent', 'check.failed', '${ID.apiHealth}', '${ID.alice}', NULL, 100, ${ago('30 minutes')}),
  ('${ID.sentError1}', '${ID.paymentsRule}', 'error', 'check.failed', '${ID.webLatency}', '${ID.alice}', 'slack: channel_not_found', 300, ${ago('20 minutes')}),
  ('${ID.sentError2}', '${ID.paymentsRule}', 'error', 'check.failed', '${ID.webLatency}', '${ID.alice}', 'slack: channel_not_found', 500, ${ago('10 minutes')}),
  ('${ID.silencedSend}', '${ID.paymentsRule}', 'silenced', 'check.failed', '${ID.webLatency}', NULL, NULL, NULL, ${ago('5 minutes')}),
  ('${ID.configSend}', '${ID.sreRule}', 'sent', 'config.unhealthy', '${ID.pod}', NULL, NULL, 80, ${ago('1 hour')});
INSERT INTO notification_silences (id, namespace, description, "from", until, recursive, check_id, config_id, component_id, source, created_by, created_at, deleted_at) VALUES
  ('${ID.checkSilence}', '', 'latency maintenance', ${ago('1 hour')}, now() + interval '1 hour', false, '${ID.webLatency}', NULL, NULL, 'UI', '${ID.alice}', ${ago('1 hour')}, NULL),
  ('${ID.configSilence}', '', 'pod being replaced', ${ago('2 hours')}, now() + interval '2 hours', true, NULL, '${ID.pod}', NULL, 'UI', '${ID.bob}', ${ago('2 hours')}, NULL),
  ('${ID.componentSilence}', '', NULL, ${ago('3 hours')}, now() + interval '3 hours', false, NULL, NULL, '${ID.apiServer}', 'UI', NULL, ${ago('3 hours')}, NULL),
  ('${ID.deletedSilence}', '', 'old', ${ago('4 days')}, ${ago('3 days')}, false, '${ID.apiHealth}', NULL, NULL, 'UI', '${ID.alice}', ${ago('4 days')}, ${ago('3 days')});

INSERT INTO connections (id, name, namespace, type, url, username, password, certificate, properties, created_by, created_at, deleted_at) VALUES
  ('${ID.slack}', 'slack-alerts', 'default', 'slack', 'slack://xoxb-token@alerts', 'bot', 'hunter2', NULL, '{"channel":"alerts"}', '${ID.alice}', ${ago('9 days')}, NULL),
  ('${ID.postgres}', 'orders-postgres', 'default', 'postgres', 'postgres://orders-db:5432/orders', 'secret://orders/user', 'secret://orders/password', NULL, NULL, '${ID.bob}', ${ago('8 days')}, NULL),
  ('${ID.deletedConnection}', 'old-connection', 'default', 'http', 'https://old', NULL, NULL, NULL, NULL, '${ID.bob}', ${ago('7 days')}, ${ago('1 day')});
INSERT INTO permissions (id, description, action, object, deny, person_id, team_id, config_id, component_id, playbook_id, canary_id, connection_id, check_id, source, created_by, created_at) VALUES
  ('${ID.bobReadsDeployment}', 'Bob reads the payments deployment', 'read', NULL, false, '${ID.bob}', NULL, '${ID.deployment}', NULL, NULL, NULL, NULL, NULL, 'UI', '${ID.alice}', ${ago('6 days')}),
  ('${ID.sreOwnsApiServer}', 'SRE manages payments-api', '*', NULL, false, NULL, '${ID.sre}', NULL, '${ID.apiServer}', NULL, NULL, NULL, NULL, 'UI', '${ID.alice}', ${ago('5 days')}),
  ('${ID.carolRunsRestart}', NULL, 'run', NULL, false, '${ID.carol}', NULL, NULL, NULL, '${ID.restart}', NULL, NULL, NULL, 'UI', '${ID.alice}', ${ago('4 days')}),
  ('${ID.platformDeniedCanary}', NULL, 'update', NULL, true, NULL, '${ID.platform}', NULL, NULL, NULL, '${ID.httpCanary}', NULL, NULL, 'UI', '${ID.bob}', ${ago('3 days')}),
  ('${ID.daveReadsSlack}', NULL, 'read', NULL, false, '${ID.dave}', NULL, NULL, NULL, NULL, NULL, '${ID.slack}', NULL, 'UI', '${ID.alice}', ${ago('2 days')}),
  ('${ID.bobReadsCheck}', NULL, 'read', NULL, false, '${ID.bob}', NULL, NULL, NULL, NULL, NULL, NULL, '${ID.apiHealth}', 'UI', '${ID.alice}', ${ago('1 day')});

INSERT INTO logging_backends (id, name, labels, spec, source, created_by, created_at, updated_at, deleted_at) VALUES
  ('${ID.loki}', 'loki', '{"env":"prod"}', '{"loki":{"url":"http://loki:3100"}}', 'UI', '${ID.alice}', ${ago('4 days')}, ${ago('4 days')}, NULL),
  ('${ID.elastic}', 'elastic', NULL, '{"elasticsearch":{}}', 'UI', '${ID.bob}', ${ago('3 days')}, NULL, ${ago('1 day')});
INSERT INTO integrations (id, name, icon, spec, source, created_by) VALUES
  ('${ID.jira}', 'jira', 'jira', '{"url":"https://jira.example.com"}', 'UI', '${ID.alice}');
INSERT INTO properties (name, value, created_by) VALUES
  ('incidents.disable', 'false', '${ID.alice}'), ('logs.disable', 'true', NULL);
INSERT INTO saved_query (id, query, description, created_by) VALUES
  ('${ID.savedQuery}', 'type=Kubernetes::Pod', 'All pods', 'alice');

INSERT INTO job_history (name, resource_type, resource_id, status, success_count, error_count, duration_millis, hostname, details, agent_id, time_start, time_end, created_at) VALUES
  ('TopologyRun', 'topology', '${ID.clusterTopology}', 'FAILED', 0, 1, 900, 'vigil-0', '{"errors":["timeout"]}', '${ID.nilAgent}', ${ago('2 hours')}, ${ago('2 hours')}, ${ago('2 hours')}),
  ('TopologyRun', 'topology', '${ID.clusterTopology}', 'SUCCESS', 5, 0, 1200, 'vigil-0', NULL, '${ID.nilAgent}', ${ago('30 minutes')}, ${ago('30 minutes')}, ${ago('30 minutes')}),
  ('ConfigScraper', 'config_scraper', '${ID.scraper}', 'SUCCESS', 42, 0, 5400, 'vigil-0', '{"scrape_summary":{"added":6}}', '${ID.nilAgent}', ${ago('10 minutes')}, ${ago('10 minutes')}, ${ago('10 minutes')}),
  ('CanaryRun', 'canary', '${ID.httpCanary}', 'WARNING', 3, 1, 250, 'vigil-0', NULL, '${ID.nilAgent}', ${ago('5 minutes')}, ${ago('5 minutes')}, ${ago('5 minutes')}),
  ('SyncTeam', 'team', '${ID.sre}', 'SUCCESS', 1, 0, 40, 'vigil-0', NULL, '${ID.nilAgent}', ${ago('1 hour')}, ${ago('1 hour')}, ${ago('1 hour')}),
  ('EdgeCanaryRun', 'canary', '${ID.dnsCanary}', 'SUCCESS', 1, 0, 15, 'edge-eu-1', NULL, '${ID.edgeEu}', ${ago('3 hours')}, ${ago('3 hours')}, ${ago('3 hours')}),
  ('CleanupChecks', NULL, NULL, 'STOPPED', 0, 0, 5, 'vigil-0', NULL, '${ID.nilAgent}', ${ago('5 days')}, ${ago('5 days')}, ${ago('5 days')});

-- Triggers enqueued events while seeding; the queue is replaced by a known backlog.
DELETE FROM event_queue;
INSERT INTO event_queue (name, properties, error, attempts, last_attempt, created_at) VALUES
  ('notification.send', '{"id":"e1","notification_id":"${ID.paymentsRule}"}', 'slack: timeout', 1, ${ago('5 minutes')}, ${ago('1 hour')}),
  ('notification.send', '{"id":"e2","notification_id":"${ID.paymentsRule}"}', NULL, 0, NULL, ${ago('4 minutes')}),
  ('notification.send', '{"id":"e3","notification_id":"${ID.paymentsRule}"}', 'slack: timeout', 5, ${ago('20 minutes')}, ${ago('2 hours')}),
  ('playbook.run', '{"id":"${ID.scaleRun}"}', 'agent offline', 3, ${ago('1 minute')}, ${ago('30 minutes')});
`;

export async function seedSpecData(pool: Pool): Promise<void> {
  await pool.query(SEED_SQL);
}
