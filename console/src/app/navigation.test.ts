import { describe, expect, it } from 'vitest';
import type { Grant } from '../api/session';
import { featureFlags } from './features';
import { MAIN_NAV, visibleEntries, visibleSettings } from './navigation';

const readAll = (objects: string[]): Grant[] =>
  objects.map((object) => ({ object, action: 'read' }));
const everything = readAll([
  'connections',
  'identities',
  'database',
  'permissions',
  'incident',
  'config_scrapers',
  'topologies',
  'canaries',
  'playbooks',
  'notifications',
  'properties',
  'logging_backends',
  'agents',
  'integrations',
]);

describe('navigation', () => {
  it('lists the main entries in the spec order', () => {
    const entries = visibleEntries(MAIN_NAV, featureFlags([]), {
      roles: ['viewer'],
      permissions: [],
    });
    expect(entries.map((e) => e.label)).toEqual([
      'Dashboard',
      'Health',
      'Incidents',
      'Catalog',
      'Logs',
      'Playbooks',
    ]);
  });

  it('hides entries of disabled features', () => {
    const enabled = featureFlags([
      { name: 'logs.disable', value: 'true' },
      { name: 'config.disable', value: 'true' },
    ]);
    const labels = visibleEntries(MAIN_NAV, enabled, {
      roles: ['admin'],
      permissions: everything,
    }).map((e) => e.label);
    expect(labels).not.toContain('Logs');
    expect(labels).not.toContain('Catalog');
    expect(labels).toContain('Health');
  });

  it('hides Settings from viewers and users without roles', () => {
    expect(
      visibleSettings(featureFlags([]), { roles: ['viewer'], permissions: everything }),
    ).toEqual([]);
    expect(visibleSettings(featureFlags([]), { roles: [], permissions: everything })).toEqual([]);
  });

  it('shows settings entries the user may read', () => {
    const responder = readAll(['database', 'permissions', 'incident', 'canaries']);
    const labels = visibleSettings(featureFlags([]), {
      roles: ['responder'],
      permissions: responder,
    }).map((e) => e.label);
    expect(labels).toContain('Health Checks');
    expect(labels).not.toContain('Connections');
    expect(labels).not.toContain('Users');
  });
});
