import type pg from 'pg';
import type { Logger } from 'pino';
import {
  EventQueueConsumer,
  PermanentError,
  type EventAttempt,
  type EventQueueOptions,
  type QueuedEvent,
} from './eventQueue.js';
import {
  email,
  genericWebhook,
  jira,
  msPlanner,
  serviceNow,
  type IncidentSummary,
  type Sender,
} from './senders.js';
import { kindOf, mergeSettings, resolveEndpoint, type ResponderKind } from './settings.js';

/** Enqueued for every new responder (migration 0022). */
export const RESPONDER_DELIVER_EVENT = 'incident.responder.deliver';

const SENDERS: Record<Exclude<ResponderKind, 'person' | 'team'>, Sender> = {
  email,
  jira,
  service_now: serviceNow,
  ms_planner: msPlanner,
  generic_webhook: genericWebhook,
};

interface ResponderRow {
  id: string;
  type: string;
  team_id: string | null;
  external_id: string | null;
  properties: Record<string, unknown> | null;
  deleted_at: Date | null;
  delivered_at: Date | null;
  team_name: string | null;
  team_spec: unknown;
  incident: Omit<IncidentSummary, 'link'>;
}

async function loadResponder(pool: pg.Pool, id: string): Promise<ResponderRow | undefined> {
  const { rows } = await pool.query<ResponderRow>(
    `SELECT r.id, r.type, r.team_id, r.external_id, r.properties, r.deleted_at, r.delivered_at,
       t.name AS team_name, t.spec AS team_spec,
       jsonb_build_object('id', i.id, 'incident_id', i.incident_id, 'title', i.title,
         'description', i.description, 'severity', i.severity, 'type', i.type,
         'status', i.status, 'created_at', i.created_at) AS incident
     FROM responders r
     JOIN incidents i ON i.id = r.incident_id
     LEFT JOIN teams t ON t.id = r.team_id
     WHERE r.id = $1`,
    [id],
  );
  return rows[0];
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)) || 'unknown error';

/**
 * Delivers one responder. Person and team responders have nothing to send and are marked
 * delivered; the others go to their system with the team's responder_clients settings merged
 * with the responder's own, templated with the incident. A failure is written on the responder
 * (error) and thrown, so the queue retries; success clears it and sets external_id and
 * delivered_at. A removed or already delivered responder is left alone.
 */
export async function deliverResponder(
  pool: pg.Pool,
  publicUrl: string,
  event: QueuedEvent,
  attempt: EventAttempt,
): Promise<void> {
  const id = event.properties.id;
  if (typeof id !== 'string') throw new PermanentError('the event names no responder id');
  const r = await loadResponder(pool, id);
  if (!r || r.deleted_at || r.delivered_at) return;
  const props = r.properties ?? {};
  const declared = typeof props.responderType === 'string' ? props.responderType : r.type;
  // A team added without a responder type (type 'system') is taken like a 'team' one.
  const kind =
    r.type === 'person'
      ? 'person'
      : (kindOf(declared) ?? (r.team_id && r.type === 'system' ? 'team' : undefined));
  const done = (externalId: string | null) =>
    pool.query(
      `UPDATE responders SET external_id = coalesce($2, external_id), delivered_at = now(),
         error = NULL WHERE id = $1`,
      [id, externalId],
    );
  try {
    if (!kind) throw new PermanentError(`${declared} responders are not delivered by Vigil`);
    if (kind === 'person' || kind === 'team') {
      await done(null);
      return;
    }
    const link = `${publicUrl.replace(/\/+$/, '')}/incidents/${r.incident.id}`;
    const incident: IncidentSummary = { ...r.incident, link };
    const responder = { id: r.id, type: kind, ...(r.team_name ? { team: r.team_name } : {}) };
    const vars = { incident, responder, team: { id: r.team_id, name: r.team_name }, link };
    const settings = mergeSettings(kind, r.team_spec, props, vars);
    const endpoint = await resolveEndpoint(pool, kind, settings);
    const externalId = await SENDERS[kind]({
      settings,
      endpoint,
      incident,
      responder,
      existingId: r.external_id ?? undefined,
      created: async (ext) => {
        await pool.query('UPDATE responders SET external_id = $2 WHERE id = $1', [id, ext]);
      },
      signal: attempt.signal,
    });
    await done(externalId ?? null);
  } catch (error) {
    if (attempt.signal.aborted && !(error instanceof PermanentError)) throw error;
    const final = attempt.last || error instanceof PermanentError;
    const note = final
      ? attempt.attempt > 1
        ? ` (gave up after ${attempt.attempt} attempts)`
        : ''
      : ` (attempt ${attempt.attempt} of ${attempt.maxAttempts}; retrying)`;
    await pool.query('UPDATE responders SET error = $2 WHERE id = $1', [
      id,
      `${messageOf(error)}${note}`,
    ]);
    throw error;
  }
}

export interface ResponderDeliveryOptions extends Omit<EventQueueOptions, 'handlers'> {
  /** Base of the incident links (VIGIL_PUBLIC_URL, or the server's own address). */
  publicUrl: string | (() => string);
  log: Logger;
}

/** The leader's consumer of responder deliveries. */
export function responderDelivery(opts: ResponderDeliveryOptions): EventQueueConsumer {
  const { publicUrl, ...queue } = opts;
  return new EventQueueConsumer({
    ...queue,
    handlers: {
      [RESPONDER_DELIVER_EVENT]: (event, attempt) =>
        deliverResponder(
          opts.pool,
          typeof publicUrl === 'function' ? publicUrl() : publicUrl,
          event,
          attempt,
        ),
    },
  });
}
