import { describe, expect, it } from 'vitest';
import { ACTION_KINDS } from '../types.js';
import { ACTIONS } from './index.js';

describe('ACTIONS', () => {
  it('has a runner for every action kind the engine runs, and no other', () => {
    expect(Object.keys(ACTIONS).sort()).toEqual([...ACTION_KINDS].sort());
    for (const runner of Object.values(ACTIONS)) expect(typeof runner).toBe('function');
  });
});
