import { describe, expect, it } from 'vitest';
import { disablingSwitch, featureFlags } from '../../app/features';

const flags = (...names: string[]) => featureFlags(names.map((name) => ({ name, value: 'true' })));

describe('the switch that turns a feature off', () => {
  it('is none for a feature that is on', () => {
    expect(disablingSwitch('settings.teams', flags())).toBeUndefined();
  });

  it('is its own switch', () => {
    expect(disablingSwitch('settings.teams', flags('settings.teams.disable'))).toBe(
      'settings.teams',
    );
  });

  it('is the area it follows when that is off (spec 000 §6)', () => {
    expect(disablingSwitch('settings.job_history', flags('health.disable'))).toBe('health');
    expect(disablingSwitch('settings.config_scraper', flags('config.disable'))).toBe('config');
  });
});
