import { isBlank, REQUIRED } from '../../lib/formRules';
import { isObject } from '../../lib/jsonDoc';
import type { ResourceDoc } from '../settings/resourceDocument';

/**
 * A team's notification channels, teams.spec.notifications: where a notification addressed to
 * the team goes instead of its members' e-mail (operator/src/notifications/recipients.ts). Each
 * entry names a connection (connection://namespace/name, or an id) or a Shoutrrr URL; other keys
 * (properties) are kept as they are.
 */
export interface TeamChannel {
  connection?: string;
  url?: string;
  [key: string]: unknown;
}

export type ChannelKind = 'connection' | 'url';

export function channelsOf(doc: ResourceDoc): TeamChannel[] {
  const list = doc.spec.notifications;
  return Array.isArray(list) ? list.filter(isObject) : [];
}

/** Which of the two an entry is; a new entry starts as a connection. */
export function channelKind(channel: TeamChannel): ChannelKind {
  return channel.url !== undefined && channel.connection === undefined ? 'url' : 'connection';
}

/** The entry as the other kind: the value typed so far is dropped, other keys are kept. */
export function switchChannel(channel: TeamChannel, kind: ChannelKind): TeamChannel {
  const { connection: _c, url: _u, ...rest } = channel;
  return kind === 'url' ? { ...rest, url: '' } : { ...rest, connection: '' };
}

/** The connection a picker chose, in the form the notification engine looks up. */
export const connectionRef = (namespace: string | null | undefined, name: string) =>
  `connection://${namespace || 'default'}/${name}`;

/** Every channel needs its connection or its URL (spec 001 §5: "This field is required"). */
export function validateTeam(doc: ResourceDoc): Record<string, string> {
  const errors: Record<string, string> = {};
  channelsOf(doc).forEach((channel, i) => {
    const kind = channelKind(channel);
    if (isBlank(channel[kind])) errors[`spec.notifications.${i}.${kind}`] = REQUIRED;
  });
  return errors;
}
