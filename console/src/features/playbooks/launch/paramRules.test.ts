import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../../../lib/formRules';
import { param } from '../testData';
import type { Parameter } from '../types';
import {
  NOT_AN_OPTION,
  NOT_BYTES,
  NOT_DNS1123,
  NOT_DURATION,
  NOT_MILLICORES,
  atLeastMin,
  atMost,
  initialValues,
  maxChars,
  minChars,
  noMatch,
  paramProps,
  runParams,
  validateParam,
} from './paramRules';

const NUMBER = 'This field must be a number';

describe('validateParam', () => {
  const cases: [string, Parameter, string, string | undefined][] = [
    ['a required blank', param({ name: 'n', required: true }), '  ', REQUIRED],
    ['an optional blank', param({ name: 'n', properties: { min: 1 } }), '', undefined],
    ['a number below min', param({ name: 'n', properties: { min: 1 } }), '0', atLeastMin('1')],
    ['a number above max', param({ name: 'n', properties: { max: '10' } }), '11', atMost('10')],
    ['a number in range', param({ name: 'n', properties: { min: 1, max: 10 } }), '10', undefined],
    ['text for a number', param({ name: 'n', properties: { max: 10 } }), 'ten', NUMBER],
    ['format number', param({ name: 'n', properties: { format: 'number' } }), '3x', NUMBER],
    ['too short', param({ name: 'n', properties: { minLength: 3 } }), 'ab', minChars(3)],
    ['too long', param({ name: 'n', properties: { maxLength: '2' } }), 'abc', maxChars(2)],
    ['no match', param({ name: 'n', properties: { regex: '^v\\d+$' } }), 'x1', noMatch('^v\\d+$')],
    ['a match', param({ name: 'n', properties: { regex: '^v\\d+$' } }), 'v12', undefined],
    [
      'a broken regex (server decides)',
      param({ name: 'n', properties: { regex: '(' } }),
      'x',
      undefined,
    ],
    ['dns1123', param({ name: 'n', properties: { format: 'dns1123' } }), 'web-1.prod', undefined],
    ['dns1123 upper', param({ name: 'n', properties: { format: 'dns1123' } }), 'Web', NOT_DNS1123],
    [
      'dns1123 dash end',
      param({ name: 'n', properties: { format: 'dns1123' } }),
      'web-',
      NOT_DNS1123,
    ],
    ['a duration', param({ name: 'n', type: 'duration' }), '1h30m', undefined],
    ['not a duration', param({ name: 'n', type: 'duration' }), '90', NOT_DURATION],
    [
      'a duration over max',
      param({ name: 'n', type: 'duration', properties: { max: '1h' } }),
      '2h',
      atMost('1h'),
    ],
    ['bytes', param({ name: 'n', type: 'bytes', properties: { min: '1Mi' } }), '512Mi', undefined],
    [
      'bytes under min',
      param({ name: 'n', type: 'bytes', properties: { min: '1Gi' } }),
      '512Mi',
      atLeastMin('1Gi'),
    ],
    ['not bytes', param({ name: 'n', type: 'bytes' }), 'lots', NOT_BYTES],
    ['bytes format', param({ name: 'n', properties: { format: 'bytes' } }), '1 G', NOT_BYTES],
    [
      'millicores',
      param({ name: 'n', type: 'millicores', properties: { max: '2' } }),
      '1500m',
      undefined,
    ],
    [
      'millicores over',
      param({ name: 'n', type: 'millicores', properties: { max: '2' } }),
      '2500m',
      atMost('2'),
    ],
    ['not millicores', param({ name: 'n', type: 'millicores' }), 'fast', NOT_MILLICORES],
    [
      'a list option',
      param({ name: 'n', type: 'list', properties: { options: [{ label: 'A', value: 'a' }] } }),
      'a',
      undefined,
    ],
    [
      'not a list option',
      param({ name: 'n', type: 'list', properties: { options: [{ label: 'A', value: 'a' }] } }),
      'b',
      NOT_AN_OPTION,
    ],
    ['a required config', param({ name: 'n', type: 'config', required: true }), '', REQUIRED],
    ['a checkbox', param({ name: 'n', type: 'checkbox', required: true }), 'false', undefined],
  ];
  it.each(cases)('%s', (_name, p, value, expected) => {
    expect(validateParam(p, value)).toBe(expected);
  });
});

describe('paramProps', () => {
  it('reads options as objects or strings, and multiline as a flag or text', () => {
    const props = paramProps(
      param({
        name: 'n',
        properties: { options: ['a', { label: 'B', value: 'b' }], multiline: 'true' },
      }),
    );
    expect(props.options).toEqual([
      { label: 'a', value: 'a' },
      { label: 'B', value: 'b' },
    ]);
    expect(props.multiline).toBe(true);
  });
});

describe('initialValues and runParams', () => {
  const params = [
    param({ name: 'replicas', default: '3' }),
    param({ name: 'force', type: 'checkbox', default: 'true' }),
    param({ name: 'dry', type: 'checkbox' }),
    param({ name: 'note' }),
  ];

  it('starts from the templated defaults, checkboxes as true or false', () => {
    expect(initialValues(params)).toEqual({ replicas: '3', force: 'true', dry: 'false', note: '' });
  });

  it('leaves blank values out of the run so their defaults apply', () => {
    expect(runParams(params, { replicas: '5', force: 'false', dry: 'false', note: ' ' })).toEqual({
      replicas: '5',
      force: 'false',
      dry: 'false',
    });
  });
});
