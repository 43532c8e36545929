import { describe, expect, it } from 'vitest';
import {
  describeTarget,
  emailTarget,
  NotifyError,
  SCHEMES,
  targetFromConnection,
  targetFromUrl,
  type Target,
} from './index.js';

/** The NotifyError a call throws (failing the test when it does not throw one). */
function thrown(f: () => unknown): NotifyError {
  try {
    f();
  } catch (err) {
    if (err instanceof NotifyError) return err;
    throw err;
  }
  throw new Error('expected a NotifyError');
}

const TEAMS_GROUP = '11111111-4444-4444-8444-cccccccccccc';
const TEAMS_TENANT = '22222222-4444-4444-8444-cccccccccccc';
const TEAMS_OWNER = '44444444-4444-4444-8444-cccccccccccc';

describe('targetFromUrl', () => {
  it('reads smtp: credentials, from, recipients and encryption', () => {
    expect(
      targetFromUrl(
        'smtp://mailer:s3cret%20p%40ss@mail.example.com:587/?from=ops@example.com&fromName=Vigil&to=a@x.com,b@x.com&subject=Hi',
      ),
    ).toEqual({
      service: 'smtp',
      host: 'mail.example.com',
      port: 587,
      secure: false,
      starttls: 'auto',
      username: 'mailer',
      password: 's3cret p@ss',
      from: '"Vigil" <ops@example.com>',
      to: ['a@x.com', 'b@x.com'],
      subject: 'Hi',
      insecureTls: false,
    });
    expect(targetFromUrl('smtp://h:465/?to=a@x')).toMatchObject({ secure: true, port: 465 });
    expect(targetFromUrl('smtp://h/?to=a@x&encryption=ImplicitTLS')).toMatchObject({
      secure: true,
      port: 465,
    });
    expect(targetFromUrl('smtp://h/?to=a@x&encryption=none')).toMatchObject({
      port: 25,
      starttls: 'never',
    });
    expect(targetFromUrl('smtp://h/?to=a@x', { encryption: 'explicittls' })).toMatchObject({
      starttls: 'always',
    });
  });

  it('reads Slack webhooks (three spellings) and bot tokens (two spellings)', () => {
    expect(targetFromUrl('slack://hook:T000-B000-XXXX@webhook?channel=ops')).toEqual({
      service: 'slack',
      url: 'https://hooks.slack.com/services/T000/B000/XXXX',
      params: { channel: 'ops' },
    });
    expect(targetFromUrl('slack://bot@T1/B2/C3')).toEqual({
      service: 'slack',
      url: 'https://hooks.slack.com/services/T1/B2/C3',
      params: { botname: 'bot' },
    });
    expect(targetFromUrl('slack+https://hooks.slack.com/services/T1/B2/C3')).toMatchObject({
      url: 'https://hooks.slack.com/services/T1/B2/C3',
    });
    expect(targetFromUrl('slack://xoxb:123-456-abc@C0123?Color=good')).toEqual({
      service: 'slack',
      url: 'https://slack.com/api/chat.postMessage',
      token: 'xoxb-123-456-abc',
      channel: 'C0123',
      params: { color: 'good' },
    });
    // Upstream's connection URL slack://$(password)@$(username): the whole token as the user.
    expect(targetFromUrl('slack://xoxb-910-659-n7iu@alerts')).toMatchObject({
      token: 'xoxb-910-659-n7iu',
      channel: 'alerts',
    });
  });

  it('reads Teams connector webhooks and Workflows URLs', () => {
    expect(
      targetFromUrl(
        `teams://${TEAMS_GROUP}@${TEAMS_TENANT}/3333abcd/${TEAMS_OWNER}/V2ESyij?host=contoso.webhook.office.com&color=FF0000`,
      ),
    ).toEqual({
      service: 'teams',
      url: `https://contoso.webhook.office.com/webhookb2/${TEAMS_GROUP}@${TEAMS_TENANT}/IncomingWebhook/3333abcd/${TEAMS_OWNER}/V2ESyij`,
      card: 'messagecard',
      params: { host: 'contoso.webhook.office.com', color: 'FF0000' },
    });
    expect(
      targetFromUrl(
        'teams+https://prod-1.westus.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=s3cr3t',
      ),
    ).toMatchObject({
      url: 'https://prod-1.westus.logic.azure.com/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=s3cr3t',
      card: 'adaptive',
    });
  });

  it('reads Discord, Mattermost and Google Chat webhooks', () => {
    expect(targetFromUrl('discord://tok3n@123456789?username=Vigil')).toEqual({
      service: 'discord',
      url: 'https://discord.com/api/webhooks/123456789/tok3n',
      webhookId: '123456789',
      params: { username: 'Vigil' },
    });
    expect(targetFromUrl('discord+https://discord.com/api/webhooks/42/abc-DEF')).toMatchObject({
      url: 'https://discord.com/api/webhooks/42/abc-DEF',
      webhookId: '42',
    });
    expect(targetFromUrl('mattermost://vigil@chat.example.com/tok3n/town-square')).toEqual({
      service: 'mattermost',
      url: 'https://chat.example.com/hooks/tok3n',
      params: { channel: 'town-square', username: 'vigil' },
      insecureTls: false,
    });
    expect(targetFromUrl('mattermost://chat.example.com:8065/tok3n?disabletls=yes')).toMatchObject({
      url: 'http://chat.example.com:8065/hooks/tok3n',
    });
    expect(
      targetFromUrl('googlechat://chat.googleapis.com/v1/spaces/AAAA/messages?key=k3y&token=t0k'),
    ).toEqual({
      service: 'googlechat',
      url: 'https://chat.googleapis.com/v1/spaces/AAAA/messages?key=k3y&token=t0k',
      params: {},
    });
  });

  it('reads Telegram, ntfy and Pushover', () => {
    expect(targetFromUrl('telegram://123456:ABC-def_g@telegram?chats=@ops,-1001:42')).toEqual({
      service: 'telegram',
      url: 'https://api.telegram.org',
      token: '123456:ABC-def_g',
      chats: ['@ops', '-1001:42'],
      params: { chats: '@ops,-1001:42' },
    });
    expect(targetFromUrl('ntfy://alice:pa55@ntfy.example.com/alerts?priority=high')).toEqual({
      service: 'ntfy',
      url: 'https://ntfy.example.com/alerts',
      topic: 'alerts',
      username: 'alice',
      password: 'pa55',
      params: { priority: 'high' },
      insecureTls: false,
    });
    expect(targetFromUrl('ntfy:///alerts')).toMatchObject({ url: 'https://ntfy.sh/alerts' });
    expect(targetFromUrl('ntfy://:tk_abc@h:8080/alerts?scheme=http')).toMatchObject({
      url: 'http://h:8080/alerts',
      password: 'tk_abc',
    });
    expect(targetFromUrl('pushover://shoutrrr:apit0ken@us3rKey/?devices=phone')).toEqual({
      service: 'pushover',
      url: 'https://api.pushover.net',
      token: 'apit0ken',
      user: 'us3rKey',
      params: { devices: 'phone' },
    });
  });

  it('reads generic webhooks: headers, extras and forwarded parameters', () => {
    expect(
      targetFromUrl('generic+http://u:p@h:8080/hook?team=sre&@X-Source=vigil&$env=prod&_title=t', {
        template: 'json',
      }),
    ).toEqual({
      service: 'generic',
      url: 'http://u:p@h:8080/hook?team=sre&title=t',
      method: 'POST',
      headers: { 'x-source': 'vigil' },
      template: 'json',
      contentType: 'application/json',
      titleKey: 'title',
      messageKey: 'message',
      extra: { env: 'prod' },
      params: {},
      insecureTls: false,
    });
    expect(targetFromUrl('generic://h/x')).toMatchObject({ url: 'https://h/x' });
    expect(targetFromUrl('generic://h/x?disabletls=yes')).toMatchObject({ url: 'http://h/x' });
  });

  it.each([
    ['not a url', `the notification URL is not a valid URL (use ${SCHEMES})`],
    [
      'matrix://u:p@h/',
      `notification URLs of the matrix:// kind are not supported yet: use ${SCHEMES}`,
    ],
    ['https://h/x', 'kind are not supported yet (for a webhook write generic+https://…)'],
    ['smtp://h/', 'the smtp URL needs recipients'],
    ['smtp://h/?to=a@x&encryption=ssl', 'encryption ssl is not one of'],
    ['slack://a/b', 'the slack URL needs a webhook token'],
    ['teams://g@t/a/b', 'the teams URL needs host=<organization>.webhook.office.com'],
    ['teams://g@t/a', 'the teams URL needs the webhook parts'],
    ['discord://token@not-a-number', 'the discord URL needs the webhook token and id'],
    ['discord+https://discord.com/x', 'a Discord webhook URL looks like'],
    ['mattermost://host', 'the mattermost URL needs the host and the webhook token'],
    ['googlechat://chat.googleapis.com/v1/spaces/A/messages?key=k', 'the googlechat URL needs'],
    ['telegram://nope@telegram?chats=1', 'the telegram URL needs the bot token'],
    ['telegram://1:abc@telegram', 'the telegram URL needs chats'],
    ['telegram://1:abc@telegram?chats=1&parsemode=rtf', 'parsemode rtf is not one of'],
    ['ntfy://ntfy.sh/', 'the ntfy URL needs a topic'],
    ['ntfy://ntfy.sh/a?priority=9', 'priority 9 is not 1-5'],
    ['pushover://shoutrrr@user/', 'the pushover URL needs the API token and the user key'],
    ['pushover://x:t@u/?priority=3', 'priority 3 is not a whole number from -2 to 2'],
    ['generic+ftp://h/x', 'generic+ftp:// is not supported'],
    ['generic://h/x?template=xml', 'template xml is not supported'],
    ['slack+ftp://h/x', 'slack+ftp:// is not supported'],
  ])('refuses %s as a permanent error naming the problem', (url, message) => {
    const err = thrown(() => targetFromUrl(url));
    expect(err.permanent).toBe(true);
    expect(err.message).toContain(message);
  });
});

describe('emailTarget', () => {
  it('mails the given addresses through the system SMTP URL', () => {
    expect(
      emailTarget('smtp://vigil:pw@mail.example.com:587/?from=vigil@example.com&to=ignored@x', [
        'a@x.com',
        ' b@x.com ',
      ]),
    ).toMatchObject({
      service: 'smtp',
      host: 'mail.example.com',
      port: 587,
      username: 'vigil',
      password: 'pw',
      from: 'vigil@example.com',
      to: ['a@x.com', 'b@x.com'],
    });
    expect(thrown(() => emailTarget('http://x', ['a@x'])).message).toMatch(/must look like smtp:/);
    expect(thrown(() => emailTarget('smtp://h/', [])).message).toMatch(/at least one address/);
  });
});

describe('targetFromConnection', () => {
  it('uses a notification URL, filling $(username)/$(password) and missing credentials', () => {
    expect(
      targetFromConnection({
        type: 'slack',
        url: 'slack://$(password)@$(username)',
        username: 'alerts',
        password: 'xoxb-1-2-abc',
        properties: { color: 'danger' },
      }),
    ).toMatchObject({ token: 'xoxb-1-2-abc', channel: 'alerts', params: { color: 'danger' } });
    expect(
      targetFromConnection(
        {
          type: 'smtp',
          url: 'smtp://mail.example.com:587/?to=a@x',
          username: 'u@x',
          password: 'p',
        },
        { subject: 'From the rule' },
      ),
    ).toMatchObject({
      username: 'u@x',
      password: 'p',
      from: 'u@x',
      port: 587,
      subject: 'From the rule',
    });
  });

  it('builds e-mail from host, port and properties (fromAddress, toAddresses lists)', () => {
    expect(
      targetFromConnection({
        type: 'email',
        username: 'mailer',
        password: 'pw',
        properties: {
          host: 'mail.example.com',
          port: 2525,
          fromAddress: 'vigil@example.com',
          toAddresses: ['a@x.com', 'b@x.com'],
        },
        insecure_tls: true,
      }),
    ).toMatchObject({
      host: 'mail.example.com',
      port: 2525,
      from: 'vigil@example.com',
      to: ['a@x.com', 'b@x.com'],
      insecureTls: true,
    });
  });

  it('reads each service type from its fields', () => {
    const cases: [Parameters<typeof targetFromConnection>[0], Partial<Target>][] = [
      [
        { type: 'slack', url: 'https://hooks.slack.com/services/T1/B2/C3' },
        { service: 'slack', url: 'https://hooks.slack.com/services/T1/B2/C3' },
      ],
      [
        { type: 'slack', password: 'xoxb-9-9-z', username: 'C0123' },
        { service: 'slack', token: 'xoxb-9-9-z', channel: 'C0123' } as Partial<Target>,
      ],
      [
        {
          type: 'teams',
          url: 'https://contoso.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d',
        },
        { service: 'teams', card: 'messagecard' } as Partial<Target>,
      ],
      [
        { type: 'discord', username: '42', password: 'tok' },
        { service: 'discord', url: 'https://discord.com/api/webhooks/42/tok' },
      ],
      [
        { type: 'mattermost', url: 'https://chat.example.com', password: 'tok3n' },
        { service: 'mattermost', url: 'https://chat.example.com/hooks/tok3n' },
      ],
      [
        {
          type: 'google_chat',
          url: 'https://chat.googleapis.com/v1/spaces/AAAA/messages?key=k&token=t',
        },
        { service: 'googlechat' },
      ],
      [
        { type: 'telegram', password: '123:abc', username: '@ops,-100' },
        { service: 'telegram', chats: ['@ops', '-100'] } as Partial<Target>,
      ],
      [
        {
          type: 'ntfy',
          url: 'https://ntfy.example.com',
          username: 'a',
          password: 'b',
          properties: { topic: 'alerts' },
        },
        {
          service: 'ntfy',
          url: 'https://ntfy.example.com/alerts',
          username: 'a',
          password: 'b',
        } as Partial<Target>,
      ],
      [
        { type: 'pushover', password: 'apitok', username: 'userkey' },
        { service: 'pushover', token: 'apitok', user: 'userkey' } as Partial<Target>,
      ],
      [
        {
          type: 'generic_webhook',
          url: 'https://hooks.example.com/x',
          username: 'u',
          password: 'p',
        },
        {
          service: 'generic',
          url: 'https://u:p@hooks.example.com/x',
          template: 'json',
        } as Partial<Target>,
      ],
      [
        { type: 'http', url: 'http://hooks.example.com/y', insecure_tls: true },
        { service: 'generic', url: 'http://hooks.example.com/y', insecureTls: true },
      ],
    ];
    for (const [conn, want] of cases) expect(targetFromConnection(conn)).toMatchObject(want);
  });

  it('refuses connections that do not say how to notify, naming the type', () => {
    const other = thrown(() => targetFromConnection({ type: 'postgres', url: 'postgres://h/db' }));
    expect(other.permanent).toBe(true);
    expect(other.message).toMatch(
      /^the connection \(type postgres\) does not say how to notify: give it a URL of the smtp:\/\/, slack:\/\/.* kind, or use one of the types email \(smtp\), slack,/,
    );
    expect(thrown(() => targetFromConnection({ type: 'telegram' })).message).toBe(
      'the connection (type telegram) does not say how to notify: set its password to the bot token and its username (or properties.chats) to the chats',
    );
  });
});

describe('describeTarget', () => {
  const secrets = [
    's3cret',
    'XXXXSECRETXXXX',
    'xoxb',
    'apit0ken',
    'us3rKey',
    'k3y',
    't0k',
    'pa55',
    'tok3n',
  ];
  it.each([
    ['smtp://u:s3cret@h/?to=a@x.com,b@x.com', 'email to a@x.com, b@x.com'],
    ['slack://xoxb:123-s3cret@ops', 'Slack #ops'],
    ['slack://xoxb:123-s3cret@C0123ABCD9', 'Slack C0123ABCD9'],
    ['slack://hook:T0-B0-XXXXSECRETXXXX@webhook', 'Slack incoming webhook'],
    ['slack://hook:T0-B0-XXXXSECRETXXXX@webhook?channel=ops', 'Slack #ops (incoming webhook)'],
    [
      `teams://${TEAMS_GROUP}@${TEAMS_TENANT}/s3cret/${TEAMS_OWNER}/XXXXSECRETXXXX?host=contoso.webhook.office.com`,
      'Microsoft Teams webhook at contoso.webhook.office.com',
    ],
    ['discord://XXXXSECRETXXXX@42', 'Discord webhook 42'],
    ['mattermost://chat.example.com/tok3n/ops', 'Mattermost chat.example.com #ops'],
    [
      'googlechat://chat.googleapis.com/v1/spaces/AAAA/messages?key=k3y&token=t0k',
      'Google Chat space AAAA',
    ],
    ['telegram://1:s3cret@telegram?chats=@ops,-100', 'Telegram @ops, -100'],
    ['ntfy://u:pa55@ntfy.sh/alerts', 'ntfy ntfy.sh/alerts'],
    ['pushover://x:apit0ken@us3rKey/?devices=phone,tablet', 'Pushover devices phone, tablet'],
    [
      'generic+https://u:s3cret@hooks.example.com/in/abc123def456ghi789jkl?k3y=t0k',
      'webhook https://hooks.example.com/in/…',
    ],
  ])('describes %s without secrets', (url, text) => {
    const described = describeTarget(targetFromUrl(url));
    expect(described).toBe(text);
    for (const s of secrets) expect(described).not.toContain(s);
  });
});
