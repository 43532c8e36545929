import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, applyOptions, parseOptions, typeFilter } from './options';

describe('relationship options', () => {
  it('starts with both directions, soft links, no deleted configs, a left-to-right graph', () => {
    expect(parseOptions(new URLSearchParams())).toEqual(DEFAULT_OPTIONS);
  });

  it('reads the toggles from the query and ignores junk', () => {
    const params = new URLSearchParams(
      'view=table&outgoing=false&soft=false&deleted=true&direction=TB&edges=step&incoming=maybe',
    );
    expect(parseOptions(params)).toEqual({
      view: 'table',
      outgoing: false,
      incoming: true,
      soft: false,
      deleted: true,
      direction: 'TB',
      edges: 'step',
    });
    expect(parseOptions(new URLSearchParams('view=x&direction=up&edges=zigzag'))).toEqual(
      DEFAULT_OPTIONS,
    );
  });

  it('writes only what differs from the defaults, keeping other parameters', () => {
    const next = applyOptions(new URLSearchParams('checkId=1&view=table'), {
      view: 'graph',
      soft: false,
    });
    expect(next.toString()).toBe('checkId=1&soft=false');
  });

  it.each([
    [true, true, 'all'],
    [true, false, 'outgoing'],
    [false, true, 'incoming'],
    [false, false, null],
  ] as const)('outgoing %s, incoming %s asks for %s', (outgoing, incoming, filter) => {
    expect(typeFilter({ outgoing, incoming })).toBe(filter);
  });
});
