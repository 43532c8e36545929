import { describe, expect, it } from 'vitest';
import { KINDS, apiVersion, kindByName } from './kinds.js';

describe('kind descriptors', () => {
  it('keeps the upstream API groups so existing manifests apply unchanged', () => {
    const version = (kind: string) => {
      const descriptor = kindByName(kind);
      if (!descriptor) throw new Error(`no descriptor for ${kind}`);
      return apiVersion(descriptor);
    };
    expect(version('Canary')).toBe('canaries.flanksource.com/v1');
    expect(version('ScrapeConfig')).toBe('configs.flanksource.com/v1');
    expect(version('Permission')).toBe('mission-control.flanksource.com/v1');
    expect(kindByName('Pod')).toBeUndefined();
  });

  it('has unique plurals per group and unique short names', () => {
    const plurals = KINDS.map((k) => `${k.plural}.${k.group}`);
    expect(new Set(plurals).size).toBe(plurals.length);
    const shorts = KINDS.flatMap((k) => k.shortNames);
    expect(new Set(shorts).size).toBe(shorts.length);
  });
});
