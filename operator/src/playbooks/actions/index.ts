import type { ActionKind, ActionRunner } from '../types.js';
import { execAction } from './exec.js';
import { gitopsAction } from './gitops.js';
import { httpAction } from './http.js';
import { notificationAction } from './notification.js';
import { podAction } from './pod.js';
import { sqlAction } from './sql.js';

/** The runner of each action kind that runs here (crds.md §4.4); see ../types.ts. */
export const ACTIONS: Record<ActionKind, ActionRunner> = {
  exec: execAction,
  http: httpAction,
  sql: sqlAction,
  notification: notificationAction,
  gitops: gitopsAction,
  pod: podAction,
};
