import { describe, expect, it } from 'vitest';
import { checkParams, parametersWithDefaults, parseBytes, parseMillicores } from './params.js';
import type { PlaybookSpecView } from './spec.js';

const spec = (parameters: PlaybookSpecView['parameters']): PlaybookSpecView => ({
  actions: [{ name: 'a', exec: { script: 'true' } }],
  parameters,
});

describe('parameter defaults', () => {
  it('renders defaults from the resource, after the parameters they depend on', () => {
    const params = parametersWithDefaults(
      spec([
        { name: 'label', default: '{{.params.name}}-{{.config.type}}', dependsOn: ['name'] },
        { name: 'name', default: '$(.config.name)' },
      ]),
      { config: { name: 'web', type: 'Deployment' } },
    );
    expect(params.map((p) => [p.name, p.default, p.type])).toEqual([
      ['label', 'web-Deployment', 'text'],
      ['name', 'web', 'text'],
    ]);
  });

  it('refuses a dependency cycle', () => {
    expect(() =>
      parametersWithDefaults(
        spec([
          { name: 'a', dependsOn: ['b'] },
          { name: 'b', dependsOn: ['a'] },
        ]),
        {},
      ),
    ).toThrow(/cycle/);
  });
});

describe('parameter validation', () => {
  const params = parametersWithDefaults(
    spec([
      { name: 'replicas', required: true, properties: { min: 1, max: 10 } },
      { name: 'name', properties: { format: 'dns1123', maxLength: 20 } },
      {
        name: 'env',
        type: 'list',
        properties: {
          options: [
            { label: 'Prod', value: 'prod' },
            { label: 'Dev', value: 'dev' },
          ],
        },
      },
      { name: 'wait', type: 'duration', properties: { min: '10s', max: '1h' } },
      { name: 'memory', type: 'bytes', properties: { max: '2Gi' } },
      { name: 'cpu', type: 'millicores', properties: { min: 100 } },
      { name: 'code', type: 'text', properties: { regex: '[A-Z]{3}' } },
      { name: 'dry', type: 'checkbox' },
      { name: 'config', type: 'config' },
    ]),
    {},
  );

  it('accepts good values and fills checkboxes', () => {
    const out = checkParams(params, {
      replicas: '3',
      name: 'my-app',
      env: 'prod',
      wait: '5m',
      memory: '512Mi',
      cpu: '500m',
      code: 'ABC',
    });
    expect(out.problems).toEqual([]);
    expect(out.values).toMatchObject({ replicas: '3', dry: 'false' });
  });

  it('says what is wrong with each bad value', () => {
    const out = checkParams(params, {
      replicas: '11',
      name: 'My_App',
      env: 'staging',
      wait: '5s',
      memory: '3Gi',
      cpu: '50m',
      code: 'abc',
      dry: 'maybe',
      config: 'not-an-id',
      typo: 'x',
    });
    expect(out.problems).toEqual([
      'typo: the playbook has no parameter of this name',
      'replicas: must be at most 10',
      "name: must be a lowercase DNS name (letters, digits, '-' and '.')",
      'env: must be one of "prod", "dev"',
      'wait: must be at least 10s',
      'memory: must be at most 2Gi',
      'cpu: must be at least 100',
      'code: must match [A-Z]{3}',
      'dry: must be true or false',
      'config: must be the id of a config',
    ]);
  });

  it('requires required parameters', () => {
    expect(checkParams(params, {}).problems).toEqual(['replicas: is required']);
  });

  it('reads sizes and CPU', () => {
    expect(parseBytes('512Mi')).toBe(512 * 1024 ** 2);
    expect(parseBytes('2G')).toBe(2e9);
    expect(parseBytes('lots')).toBeUndefined();
    expect(parseMillicores('1.5')).toBe(1500);
    expect(parseMillicores('250m')).toBe(250);
  });
});
