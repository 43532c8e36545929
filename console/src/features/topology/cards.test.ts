import { describe, expect, it } from 'vitest';
import { dashboardCards, orderCards } from './cards';
import { component } from './testData';

const leaf = component({ id: 'leaf', name: 'leaf' });
const parent = component({
  id: 'p',
  name: 'p',
  components: [component({ id: 'k', name: 'k' })],
});

describe('dashboardCards', () => {
  it('shows the roots without an id', () => {
    expect(dashboardCards([parent, leaf], undefined, false)).toEqual({
      current: undefined,
      cards: [parent, leaf],
      multiple: false,
    });
  });

  it("shows a component's children, or the component itself when it has none", () => {
    expect(dashboardCards([parent], 'p', false).cards.map((c) => c.id)).toEqual(['k']);
    expect(dashboardCards([leaf], 'leaf', false).cards).toEqual([leaf]);
    // With a filter, an empty list means nothing matched.
    expect(dashboardCards([leaf], 'leaf', true).cards).toEqual([]);
    expect(dashboardCards([], 'nope', false)).toEqual({
      current: undefined,
      cards: [],
      multiple: false,
    });
  });

  it('flags an answer with several components for one id, and uses the one asked for', () => {
    const result = dashboardCards([leaf, parent], 'p', false);
    expect(result.multiple).toBe(true);
    expect(result.current?.id).toBe('p');
  });
});

describe('orderCards', () => {
  const cards = ['healthy', 'info', 'unhealthy', 'warning', 'unknown'].map((health) =>
    component({ id: health, name: health, health }),
  );
  const ids = (list: { id: string }[]) => list.map((c) => c.id);

  it('ranks health unhealthy 1, warning 2, healthy 3, info 4; descending is most severe first', () => {
    expect(ids(orderCards(cards, { sortBy: 'status', sortOrder: 'desc' }))).toEqual([
      'unhealthy',
      'warning',
      'healthy',
      'info',
      'unknown',
    ]);
    expect(ids(orderCards(cards, { sortBy: 'status', sortOrder: 'asc' }))).toEqual([
      'unknown',
      'info',
      'healthy',
      'warning',
      'unhealthy',
    ]);
  });

  it("keeps the server's order for other sorts", () => {
    expect(ids(orderCards(cards, { sortBy: 'name', sortOrder: 'desc' }))).toEqual(ids(cards));
  });
});
