import { describe, expect, it } from 'vitest';
import { headlineProperties, propertyValue } from './properties';

describe('propertyValue', () => {
  it('shows the text, else the value with its unit', () => {
    expect(propertyValue({ text: 'v1.2', value: 3 })).toBe('v1.2');
    expect(propertyValue({ value: 512, unit: 'MiB' })).toBe('512 MiB');
    expect(propertyValue({ value: 0 })).toBe('0');
    expect(propertyValue({ value: null })).toBe('');
  });
});

describe('headlineProperties', () => {
  it('keeps only headline properties with a label and a value, in order', () => {
    expect(
      headlineProperties({
        properties: [
          { name: 'cpu', value: 250, unit: 'm', headline: true },
          { name: 'owner', text: 'team-a' },
          { name: 'version', label: 'Version', text: '1.4', headline: true },
          { name: 'empty', headline: true },
        ],
      }),
    ).toEqual([
      { label: 'cpu', value: '250 m' },
      { label: 'Version', value: '1.4' },
    ]);
    expect(headlineProperties({ properties: null })).toEqual([]);
  });
});
