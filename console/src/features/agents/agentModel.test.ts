import { describe, expect, it } from 'vitest';
import { fromAgent, isOnline, toPayload, validateAgent, EMPTY_AGENT } from './agentModel';
import { agentRow } from './testData';

describe('agentModel', () => {
  it('counts an agent online when seen within 61 seconds', () => {
    const now = Date.parse('2026-01-01T00:01:01Z');
    expect(isOnline('2026-01-01T00:00:00Z', now)).toBe(true);
    expect(isOnline('2026-01-01T00:00:00Z', now + 1)).toBe(false);
    expect(isOnline(null, now)).toBe(false);
    expect(isOnline('not a time', now)).toBe(false);
  });

  it("hides the server's type property and never sends it back", () => {
    const values = fromAgent(agentRow('a', { properties: { type: 'agent', env: 'prod' } }));
    expect(values.properties).toEqual({ env: 'prod' });
    expect(toPayload({ ...values, properties: { type: 'x', env: 'prod' } }).properties).toEqual({
      env: 'prod',
    });
    expect(fromAgent(agentRow('b', { properties: { type: 'agent' } })).properties).toBeUndefined();
  });

  it('fills a missing spec with the defaults', () => {
    const values = fromAgent(agentRow('a', { spec: null }));
    expect(values).toMatchObject({ kubernetesEnabled: false, kubernetesInterval: '30m' });
  });

  it('takes lower-case names of letters, digits and dashes up to 63 characters', () => {
    const name = (n: string) => validateAgent({ ...EMPTY_AGENT, name: n }).name;
    expect(name('')).toBe('This field is required');
    expect(name('eu-west-1')).toBeUndefined();
    expect(name('EU')).toMatch(/lower-case/);
    expect(name('a'.repeat(64))).toMatch(/63/);
  });
});
