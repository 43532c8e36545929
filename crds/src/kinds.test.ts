import { describe, expect, it } from 'vitest';
import { KINDS, apiVersion, kindByName, kindByResource } from './kinds.js';

describe('kind descriptors', () => {
  it('keeps the upstream API groups so existing manifests apply unchanged', () => {
    const version = (kind: string) => {
      const descriptor = kindByName(kind);
      if (!descriptor) throw new Error(`no descriptor for ${kind}`);
      return apiVersion(descriptor);
    };
    expect(version('Canary')).toBe('canaries.flanksource.com/v1');
    expect(version('Topology')).toBe('canaries.flanksource.com/v1');
    expect(version('ScrapeConfig')).toBe('configs.flanksource.com/v1');
    expect(version('Playbook')).toBe('mission-control.flanksource.com/v1');
    expect(version('Permission')).toBe('mission-control.flanksource.com/v1');
    expect(kindByName('Pod')).toBeUndefined();
  });

  it('serves notification rules as two real kinds with one schema', () => {
    const rule = kindByName('NotificationRule');
    const notification = kindByName('Notification');
    expect(rule).toMatchObject({
      plural: 'notificationrules',
      singular: 'notificationrule',
      listKind: 'NotificationRuleList',
      shortNames: ['nr'],
      aliases: [],
    });
    expect(notification).toMatchObject({
      plural: 'notifications',
      singular: 'notification',
      listKind: 'NotificationList',
      aliases: [],
    });
    expect(rule?.spec).toBe(notification?.spec);
    expect(rule?.status).toBe(notification?.status);
    expect(rule?.policyObject).toBe(notification?.policyObject);
    const group = 'mission-control.flanksource.com';
    for (const name of ['notificationrules', 'notificationrule', 'nr'])
      expect(kindByResource(group, name)).toBe(rule);
    for (const name of ['notifications', 'notification', 'notif'])
      expect(kindByResource(group, name)).toBe(notification);
  });

  it('has unique plurals per group and unique short names', () => {
    const plurals = KINDS.map((k) => `${k.plural}.${k.group}`);
    expect(new Set(plurals).size).toBe(plurals.length);
    const shorts = KINDS.flatMap((k) => k.shortNames);
    expect(new Set(shorts).size).toBe(shorts.length);
  });

  it('has no short name that is also a resource name, so kubectl never picks the wrong kind', () => {
    // Ours, plus names other operators install beside us (Flagger's Canary, mission-control's
    // other kinds) and core short names.
    const taken = new Set([
      ...KINDS.flatMap((k) => [k.plural, k.singular]),
      'component',
      'components',
      'connection',
      'team',
      'scope',
      'view',
      'plugin',
      'application',
      'po',
      'pv',
      'pvc',
      'pdb',
      'pc',
      'ns',
      'no',
    ]);
    for (const short of KINDS.flatMap((k) => k.shortNames)) expect(taken).not.toContain(short);
  });

  it('finds kinds by plural, singular or short name like kubectl', () => {
    expect(kindByResource('canaries.flanksource.com', 'canaries')?.kind).toBe('Canary');
    expect(kindByResource('canaries.flanksource.com', 'Topology')?.kind).toBe('Topology');
    expect(kindByResource('canaries.flanksource.com', 'topo')?.kind).toBe('Topology');
    expect(kindByResource('configs.flanksource.com', 'scrape')?.kind).toBe('ScrapeConfig');
    expect(kindByResource('configs.flanksource.com', 'canaries')).toBeUndefined();
  });

  it('groups every kind under the vigil category, never under all', () => {
    for (const k of KINDS) {
      expect(k.categories).toEqual(['vigil']);
      expect(k.namespaced).toBe(true);
    }
  });

  it('declares the finalizers the controllers add', () => {
    expect(kindByName('Canary')?.finalizer).toBe('canary.canaries.flanksource.com');
    expect(kindByName('Topology')?.finalizer).toBe('topology.canaries.flanksource.com');
  });

  it('shows Ready and Age for every kind besides Canary, which shows its run results', () => {
    const columns = (kind: string) => kindByName(kind)?.printerColumns.map((c) => c.name) ?? [];
    expect(columns('Canary')).toEqual([
      'Replicas',
      'Interval',
      'Schedule',
      'Status',
      'Last Check',
      'Uptime 1H',
      'Latency 1H',
      'Last Transitioned',
      'Message',
      'Error',
      'Age',
    ]);
    for (const k of KINDS.filter((k) => k.kind !== 'Canary')) {
      const ready = k.printerColumns.find((c) => c.name === 'Ready');
      expect(ready?.jsonPath).toBe('.status.conditions[?(@.type=="Ready")].status');
      expect(k.printerColumns.find((c) => c.name === 'Reason')?.priority).toBe(1);
      expect(k.printerColumns.at(-1)?.name).toBe('Age');
    }
  });
});
