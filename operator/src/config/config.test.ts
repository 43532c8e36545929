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

  it('rejects unknown flags and flags without values', () => {
    expect(() => loadConfig({}, ['--nope'])).toThrow('unknown flag --nope');
    expect(() => loadConfig({}, ['--port'])).toThrow('--port needs a value');
  });
});
