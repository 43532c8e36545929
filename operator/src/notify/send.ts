import { permanent } from './errors.js';
import { LABELS } from './http.js';
import { paramsOf } from './targets.js';
import { sendDiscord } from './services/discord.js';
import { sendGeneric } from './services/generic.js';
import { sendGoogleChat } from './services/googlechat.js';
import { sendMattermost } from './services/mattermost.js';
import { sendNtfy } from './services/ntfy.js';
import { sendPushover } from './services/pushover.js';
import { sendSlack } from './services/slack.js';
import { sendSmtp } from './services/smtp.js';
import { sendTeams } from './services/teams.js';
import { sendTelegram } from './services/telegram.js';
import type { NotifyMessage, Receipt, SendOptions, Target } from './types.js';

/**
 * Sends the message and says what was reached. The message's properties are more of the
 * target's parameters (and win). Throws NotifyError.
 */
export async function deliver(t: Target, m: NotifyMessage, o: SendOptions): Promise<Receipt> {
  if (m.attachments?.length && t.service !== 'smtp')
    throw permanent(`${LABELS[t.service]}: attachments are sent by e-mail (smtp://) only`);
  if (t.service === 'smtp') return sendSmtp(t, m, o);
  const params = { ...t.params, ...paramsOf(undefined, m.properties) };
  switch (t.service) {
    case 'slack':
      return sendSlack(t, m, params, o);
    case 'teams':
      return sendTeams(t, m, params, o);
    case 'discord':
      return sendDiscord(t, m, params, o);
    case 'mattermost':
      return sendMattermost(t, m, params, o);
    case 'googlechat':
      return sendGoogleChat(t, m, params, o);
    case 'telegram':
      return sendTelegram(t, m, params, o);
    case 'ntfy':
      return sendNtfy(t, m, params, o);
    case 'pushover':
      return sendPushover(t, m, params, o);
    case 'generic':
      return sendGeneric(t, m, params, o);
  }
}

/** Sends the message to the target. Throws NotifyError (see its `permanent`). */
export async function send(t: Target, m: NotifyMessage, o: SendOptions): Promise<void> {
  await deliver(t, m, o);
}
