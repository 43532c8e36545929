import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({}, []);
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  it('reads the environment and lets flags win', () => {
    const config = loadConfig({ PORT: '9000', VIGIL_DATA_DIR: '/tmp/a' }, [
      '--port',
      '9100',
      '--data-dir=/tmp/b',
    ]);
    expect(config.port).toBe(9100);
    expect(config.dataDir).toBe('/tmp/b');
  });

  it.each([
    [{ PORT: 'eighty' }, 'invalid setting PORT (--port): must be a number (got "eighty")'],
    [{ PORT: '70000' }, 'invalid setting PORT (--port): must be between 0 and 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'invalid setting DATABASE_URL (--database-url): must be a postgres:// or postgresql:// URL (got "mysql://x")',
    ],
    [
      { VIGIL_PUBLIC_URL: 'vigil.example.com' },
      'invalid setting VIGIL_PUBLIC_URL (--public-url): must be an absolute URL such as https://vigil.example.com (got "vigil.example.com")',
    ],
    [{ LOG_LEVEL: 'loud' }, 'invalid setting LOG_LEVEL (--log-level)'],
  ])('names the bad setting in one line: %o', (env, message) => {
    expect(() => loadConfig(env, [])).toThrow(ConfigError);
    expect(() => loadConfig(env, [])).toThrow(message);
  });

  it('never echoes secrets in errors', () => {
    expect(() => loadConfig({ VIGIL_ADMIN_PASSWORD: 'short' }, [])).toThrow(
      /^invalid setting VIGIL_ADMIN_PASSWORD: must be at least 8 characters$/,
    );
  });

  it('trusts no proxy unless VIGIL_TRUSTED_PROXIES names some, and names a bad entry', () => {
    expect(loadConfig({}, []).trustedProxies).toEqual([]);
    expect(
      loadConfig({ VIGIL_TRUSTED_PROXIES: ' loopback, 10.0.0.0/8,fd00::/8 ,192.0.2.1' }, [])
        .trustedProxies,
    ).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.0.2.1']);
    for (const [value, bad] of [
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['loopback,proxy.example.com', 'proxy.example.com'],
      ['true', 'true'],
      ['10.0.0.0/8/1', '10.0.0.0/8/1'],
    ])
      expect(() => loadConfig({ VIGIL_TRUSTED_PROXIES: value }, [])).toThrow(
        `invalid setting VIGIL_TRUSTED_PROXIES: "${bad}" is not an IP address, a CIDR range (such as 10.0.0.0/8) or one of loopback, linklocal, uniquelocal (got "${value}")`,
      );
  });

  it('reads the script output limit as bytes or Ki/Mi/Gi and names a bad value', () => {
    expect(loadConfig({}, []).scriptOutputLimit).toBe(65536);
    expect(loadConfig({ VIGIL_SCRIPT_OUTPUT_LIMIT: '1Mi' }, []).scriptOutputLimit).toBe(1048576);
    expect(loadConfig({ VIGIL_SCRIPT_OUTPUT_LIMIT: '8192' }, []).scriptOutputLimit).toBe(8192);
    expect(() => loadConfig({ VIGIL_SCRIPT_OUTPUT_LIMIT: '64KB' }, [])).toThrow(
      'invalid setting VIGIL_SCRIPT_OUTPUT_LIMIT: must be a number of bytes, or end in Ki, Mi or Gi (such as 64Ki) (got "64KB")',
    );
    expect(() => loadConfig({ VIGIL_SCRIPT_OUTPUT_LIMIT: '1Gi' }, [])).toThrow(
      'invalid setting VIGIL_SCRIPT_OUTPUT_LIMIT: must be between 1Ki and 16Mi (got "1Gi")',
    );
    expect(loadConfig({}, []).scriptUser).toBeUndefined();
    expect(loadConfig({ VIGIL_SCRIPT_USER: 'checks' }, []).scriptUser).toBe('checks');
    expect(() => loadConfig({ VIGIL_SCRIPT_USER: 'a b' }, [])).toThrow(
      'invalid setting VIGIL_SCRIPT_USER: must be an OS user name or uid (got "a b")',
    );
  });

  it('rejects unknown flags and flags without values', () => {
    expect(() => loadConfig({}, ['--nope'])).toThrow('unknown flag --nope');
    expect(() => loadConfig({}, ['--port'])).toThrow('--port needs a value');
  });

  it('reads VIGIL_SMTP_URL, unset by default, and names a bad one without echoing it', () => {
    expect(loadConfig({}, []).smtpUrl).toBeUndefined();
    const url = 'smtp://vigil:pw@mail.example.com:587/?from=vigil@example.com';
    expect(loadConfig({ VIGIL_SMTP_URL: url }, []).smtpUrl).toBe(url);
    expect(() => loadConfig({ VIGIL_SMTP_URL: 'https://u:hunter2@mail.example.com' }, [])).toThrow(
      /^invalid setting VIGIL_SMTP_URL: the SMTP URL must look like smtp:\/\/user:pass@host:port\/\?from=vigil@example\.com$/,
    );
    expect(() => loadConfig({ VIGIL_SMTP_URL: 'smtp://u:pw@mail/?encryption=ssl' }, [])).toThrow(
      /^invalid setting VIGIL_SMTP_URL: smtp: encryption ssl is not one of none, explicittls, implicittls or auto$/,
    );
  });

  it('reads VIGIL_NOTIFY_ENDPOINTS as service to base URL, and names what is wrong', () => {
    expect(loadConfig({}, []).notifyEndpoints).toEqual({});
    expect(
      loadConfig(
        {
          VIGIL_NOTIFY_ENDPOINTS:
            '{"slack":"http://127.0.0.1:4567/","telegram":"https://gw.example.com/tg","smtp":"smtp://127.0.0.1:2525"}',
        },
        [],
      ).notifyEndpoints,
    ).toEqual({
      slack: 'http://127.0.0.1:4567',
      telegram: 'https://gw.example.com/tg',
      smtp: 'smtp://127.0.0.1:2525',
    });
    for (const [value, message] of [
      [
        '{slack:',
        'must be a JSON object of service to base URL, such as {"slack":"http://127.0.0.1:4567"}',
      ],
      ['["slack"]', 'must be a JSON object of service to base URL'],
      [
        '{"matrix":"http://x"}',
        '"matrix" is not a service: use smtp, slack, teams, discord, mattermost, googlechat, telegram, ntfy, pushover, generic',
      ],
      ['{"slack":"ftp://x"}', 'slack: "ftp://x" is not an http(s):// URL'],
      ['{"discord":42}', 'discord: 42 is not an http(s):// URL'],
      ['{"smtp":"http://x"}', 'smtp: "http://x" is not an smtp://host:port URL'],
    ]) {
      expect(() => loadConfig({ VIGIL_NOTIFY_ENDPOINTS: value }, [])).toThrow(ConfigError);
      expect(() => loadConfig({ VIGIL_NOTIFY_ENDPOINTS: value }, [])).toThrow(
        `invalid setting VIGIL_NOTIFY_ENDPOINTS: ${message}`,
      );
    }
  });

  it('takes a readable properties file and names the first bad line of one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-config-props-'));
    const good = path.join(dir, 'good.properties');
    const bad = path.join(dir, 'bad.properties');
    fs.writeFileSync(good, '# fixed here\nlogs.disable=true\n');
    fs.writeFileSync(bad, 'a=1\n\njust words\n');
    expect(loadConfig({ VIGIL_PROPERTIES_FILE: good }, []).propertiesFile).toBe(good);
    expect(loadConfig({}, []).propertiesFile).toBeUndefined();
    expect(() => loadConfig({ VIGIL_PROPERTIES_FILE: bad }, [])).toThrow(
      `invalid setting VIGIL_PROPERTIES_FILE: line 3: "just words" has no value (write name=value) (got "${bad}")`,
    );
    expect(() => loadConfig({ VIGIL_PROPERTIES_FILE: path.join(dir, 'none') }, [])).toThrow(
      /^invalid setting VIGIL_PROPERTIES_FILE: ENOENT/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
