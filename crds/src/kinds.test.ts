import { describe, expect, it } from 'vitest';
import { KINDS, apiVersion, kindByName } from './kinds.js';

describe('kind descriptors', () => {
  it('keeps the upstream API groups so existing manifests apply unchanged', () => {
    expect(apiVersion(kindByName('Canary')!)).toBe('canaries.flanksource.com/v1');
    expect(apiVersion(kindByName('ScrapeConfig')!)).toBe('configs.flanksource.com/v1');
    expect(apiVersion(kindByName('Permission')!)).toBe('mission-control.flanksource.com/v1');
  });

  it('has unique plurals per group and unique short names', () => {
    const plurals = KINDS.map((k) => `${k.plural}.${k.group}`);
    expect(new Set(plurals).size).toBe(plurals.length);
    const shorts = KINDS.flatMap((k) => k.shortNames);
    expect(new Set(shorts).size).toBe(shorts.length);
  });
});
