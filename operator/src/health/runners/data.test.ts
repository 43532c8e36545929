import { describe, expect, it } from 'vitest';
import { dataRunners } from './data.js';

describe('dataRunners', () => {
  it('has a runner for each data and system check type', () => {
    expect(Object.keys(dataRunners).sort()).toEqual([
      'alertmanager',
      'catalog',
      'exec',
      'folder',
      'junit',
      'kubernetes',
      'mysql',
      'postgres',
      'prometheus',
      'redis',
    ]);
    for (const runner of Object.values(dataRunners)) expect(typeof runner).toBe('function');
    expect(dataRunners.mysql).not.toBe(dataRunners.postgres);
  });
});
