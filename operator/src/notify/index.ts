/**
 * Notification senders: e-mail (nodemailer), Slack, Microsoft Teams, Discord, Mattermost,
 * Google Chat, Telegram, ntfy, Pushover and generic webhooks, addressed by a Shoutrrr-style URL
 * or a stored connection (targets.ts). Used by the notification engine and the playbook
 * `notification` action.
 */
export { describeTarget } from './describe.js';
export { NotifyError } from './errors.js';
export { deliver, send } from './send.js';
export { emailTarget, SCHEMES, targetFromConnection, targetFromUrl } from './targets.js';
export type { ConnectionRow } from './targets.js';
export { isService, SERVICES } from './types.js';
export type { Attachment, NotifyMessage, Receipt, SendOptions, Service, Target } from './types.js';
