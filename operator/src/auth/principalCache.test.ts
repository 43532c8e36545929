import { describe, expect, it } from 'vitest';
import type { Principal } from './identity.js';
import { PrincipalCache } from './principalCache.js';

const p = {
  person: { id: '1', name: 'a', email: null, avatar: null },
  roles: ['viewer'],
  rules: [],
  via: 'token',
} as Principal;

describe('PrincipalCache', () => {
  it('forgets entries after the TTL and when cleared', () => {
    let now = 0;
    const cache = new PrincipalCache(2000, 10, () => now);
    cache.set('t', p);
    expect(cache.get('t')).toBe(p);
    now = 2000;
    expect(cache.get('t')).toBeUndefined();
    cache.set('t', p);
    cache.clear();
    expect(cache.get('t')).toBeUndefined();
  });

  it('stays bounded', () => {
    const cache = new PrincipalCache(2000, 2);
    cache.set('a', p);
    cache.set('b', p);
    cache.set('c', p);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(p);
  });
});
