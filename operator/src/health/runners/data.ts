import type { CheckRunner } from '../types.js';
import { alertmanagerRunner } from './alertmanager.js';
import { catalogRunner } from './catalog.js';
import { execRunner } from './exec.js';
import { folderRunner } from './folder.js';
import { junitRunner } from './junit.js';
import { kubernetesRunner } from './kubernetes.js';
import { prometheusRunner } from './prometheus.js';
import { redisRunner } from './redis.js';
import { mysqlRunner, postgresRunner } from './sql.js';

/** The data and system check runners, by the Canary spec's check-type key (crds.md §1.3). */
export const dataRunners: Record<string, CheckRunner> = {
  exec: execRunner,
  postgres: postgresRunner,
  mysql: mysqlRunner,
  redis: redisRunner,
  prometheus: prometheusRunner,
  alertmanager: alertmanagerRunner,
  folder: folderRunner,
  junit: junitRunner,
  kubernetes: kubernetesRunner,
  catalog: catalogRunner,
};
