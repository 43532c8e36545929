import type pg from 'pg';
import type { Logger } from 'pino';
import type { Service } from '../notify/index.js';
import {
  EventQueueConsumer,
  type EventAttempt,
  type QueuedEvent,
} from '../responders/eventQueue.js';
import { decideEvent } from './decide.js';
import { NotificationDispatcher, type DispatcherOptions } from './dispatcher.js';

/** The queue names consumer 'notification' may be given (0033 notification_event_names()). */
export const NOTIFICATION_EVENTS = [
  'check.passed',
  'check.failed',
  ...[
    'created',
    'updated',
    'changed',
    'deleted',
    'healthy',
    'unhealthy',
    'warning',
    'degraded',
    'unknown',
  ].map((s) => `config.${s}`),
  ...['healthy', 'unhealthy', 'warning', 'unknown'].map((s) => `component.${s}`),
  'incident.created',
  ...['open', 'closed', 'mitigated', 'resolved', 'investigating', 'cancelled'].map(
    (s) => `incident.status.${s}`,
  ),
  'incident.responder.added',
  'incident.responder.removed',
  'incident.comment.added',
  ...['added', 'removed', 'passed', 'regressed'].map((s) => `incident.dod.${s}`),
  'playbook.approval.inserted',
  'playbook.spec.approval.updated',
];

const CONSUMER = 'notification';

export interface NotificationEngineOptions {
  pool: pg.Pool;
  log: Logger;
  baseUrl: string;
  smtpUrl?: string;
  endpoints?: Partial<Record<Service, string>>;
  dispatcher?: Partial<DispatcherOptions>;
}

/**
 * Notifications (docs/notifications.md): events subscribed to by the rules are decided as they
 * are claimed from the event queue (decide.ts), and what is to be sent is sent by the
 * dispatcher (dispatcher.ts). Both run on the leader.
 */
export class NotificationEngine {
  private readonly consumer: EventQueueConsumer;
  readonly dispatcher: NotificationDispatcher;

  constructor(opts: NotificationEngineOptions) {
    this.consumer = new EventQueueConsumer({
      pool: opts.pool,
      log: opts.log,
      handlers: Object.fromEntries(
        NOTIFICATION_EVENTS.map((name) => [
          `${CONSUMER}:${name}`,
          async (event: QueuedEvent, attempt: EventAttempt) => {
            await decideEvent(
              attempt.db,
              { name, properties: event.properties, createdAt: event.createdAt },
              opts.baseUrl,
            );
          },
        ]),
      ),
      maxAttempts: 5,
    });
    this.dispatcher = new NotificationDispatcher({
      pool: opts.pool,
      log: opts.log,
      baseUrl: opts.baseUrl,
      smtpUrl: opts.smtpUrl,
      endpoints: opts.endpoints,
      ...opts.dispatcher,
    });
  }

  async start(): Promise<void> {
    await this.consumer.start();
    await this.dispatcher.start();
  }

  async stop(): Promise<void> {
    await this.consumer.stop();
    await this.dispatcher.stop();
  }

  /** Decides every queued event, then sends everything due (tests). */
  async drain(): Promise<void> {
    await this.consumer.drain();
    await this.dispatcher.drain();
  }
}
