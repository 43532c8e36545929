import { describe, expect, it } from 'vitest';
import { featureFlags } from './features';

describe('featureFlags', () => {
  it('enables everything by default', () => {
    const enabled = featureFlags([]);
    expect(enabled('health')).toBe(true);
    expect(enabled('settings.users')).toBe(true);
  });

  it("disables a feature only when <feature>.disable is 'true'", () => {
    const enabled = featureFlags([
      { name: 'logs.disable', value: 'true' },
      { name: 'health.disable', value: 'false' },
      { name: 'incidents.disable', value: 'TRUE ' },
    ]);
    expect(enabled('logs')).toBe(false);
    expect(enabled('health')).toBe(true);
    expect(enabled('incidents')).toBe(false);
  });

  it('makes settings pages follow their area', () => {
    const enabled = featureFlags([
      { name: 'config.disable', value: 'true' },
      { name: 'health.disable', value: 'true' },
    ]);
    expect(enabled('settings.config_scraper')).toBe(false);
    expect(enabled('settings.health')).toBe(false);
    expect(enabled('settings.job_history')).toBe(false);
    expect(enabled('settings.topology')).toBe(true);
    expect(enabled('settings.connections')).toBe(true);
  });

  it('lets a settings page be switched off on its own', () => {
    const enabled = featureFlags([{ name: 'settings.connections.disable', value: 'true' }]);
    expect(enabled('settings.connections')).toBe(false);
    expect(enabled('settings.users')).toBe(true);
  });
});
