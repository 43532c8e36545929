import { describe, expect, it } from 'vitest';
import { cardSizeOf, cardWidth, parseCardWidth } from './cardSize';

const withSize = (text: string | number) => ({
  properties: [{ name: 'size', text: typeof text === 'string' ? text : null, value: text }],
});

describe('cardSizeOf', () => {
  it('reads the size property and defaults to medium', () => {
    expect(cardSizeOf(withSize('large'))).toBe('large');
    expect(cardSizeOf(withSize('Extra Large'))).toBe('extra_large');
    expect(cardSizeOf(withSize('huge'))).toBe('medium');
    expect(cardSizeOf({ properties: null })).toBe('medium');
  });
});

describe('cardWidth', () => {
  it('uses the named size until the user chooses a width', () => {
    expect(cardWidth(withSize('small'), undefined)).toBe(198);
    expect(cardWidth(withSize('extra_large'), undefined)).toBe(554);
    expect(cardWidth({ properties: [] }, undefined)).toBe(258);
    expect(cardWidth(withSize('small'), 400)).toBe(400);
  });
});

describe('parseCardWidth', () => {
  it.each([
    ['300', 300],
    ['301', 302],
    ['100', 250],
    ['9000', 768],
    ['abc', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j reads as %j', (stored, expected) => {
    expect(parseCardWidth(stored)).toBe(expected);
  });
});
