import type { Target } from './types.js';

/** A path for people: segments that look like tokens (long, letters and digits) become "…". */
function safePath(pathname: string): string {
  return pathname
    .split('/')
    .map((seg) => (seg.length >= 16 && /\d/.test(seg) && /[A-Za-z]/.test(seg) ? '…' : seg))
    .join('/')
    .replace(/\/$/, '');
}

function hostOf(raw: string): string {
  try {
    return new URL(raw).host;
  } catch {
    return '?';
  }
}

/** A channel as people write it: #name, or the id (C0123…) or @user as they are. */
const channelName = (c: string) => (/^[#@]/.test(c) || /^[CGD][A-Z0-9]{8,}$/.test(c) ? c : `#${c}`);

/**
 * Where the target sends, for people ("email to a@x, b@x", "Slack #ops", "ntfy ntfy.sh/alerts",
 * "webhook https://host/path"). Never holds tokens, passwords, webhook secrets or queries.
 */
export function describeTarget(t: Target): string {
  switch (t.service) {
    case 'smtp':
      return `email to ${t.to.join(', ')}`;
    case 'slack': {
      const channel = t.channel ?? t.params.channel;
      if (t.token) return `Slack ${channelName(channel ?? '?')}`;
      return channel
        ? `Slack ${channelName(channel)} (incoming webhook)`
        : 'Slack incoming webhook';
    }
    case 'teams':
      return `Microsoft Teams webhook at ${hostOf(t.url)}`;
    case 'discord':
      return `Discord webhook ${t.webhookId}`;
    case 'mattermost': {
      const channel = t.params.channel;
      return `Mattermost ${hostOf(t.url)}${channel ? ` ${channelName(channel)}` : ''}`;
    }
    case 'googlechat': {
      const space = /\/spaces\/([^/]+)\//.exec(new URL(t.url).pathname)?.[1];
      return `Google Chat space ${space ?? '?'}`;
    }
    case 'telegram':
      return `Telegram ${t.chats.join(', ')}`;
    case 'ntfy': {
      const u = new URL(t.url);
      return `ntfy ${u.host}${decodeURIComponent(u.pathname)}`;
    }
    case 'pushover': {
      const devices = t.params.devices;
      return devices ? `Pushover devices ${devices.split(',').join(', ')}` : 'Pushover';
    }
    case 'generic': {
      const u = new URL(t.url);
      return `webhook ${u.protocol}//${u.host}${safePath(u.pathname)}`;
    }
  }
}
