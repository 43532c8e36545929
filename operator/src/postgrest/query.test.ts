import { describe, expect, it } from 'vitest';
import { PgrstError } from './errors.js';
import { parseQuery } from './query.js';
import { parseSelect } from './select.js';

const q = (s: string) => parseQuery(new URLSearchParams(s));

describe('select', () => {
  it('reads columns, aliases, casts, JSON paths and embeds', () => {
    expect(parseSelect('id,name:title,n::text,team:labels->>team,x:data->a->>b::int')).toEqual([
      { kind: 'column', field: { name: 'id', json: [] } },
      { kind: 'column', field: { name: 'title', json: [] }, alias: 'name' },
      { kind: 'column', field: { name: 'n', json: [] }, cast: 'text' },
      {
        kind: 'column',
        field: { name: 'labels', json: [{ arrow: '->>', key: 'team' }] },
        alias: 'team',
      },
      {
        kind: 'column',
        field: {
          name: 'data',
          json: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
        alias: 'x',
        cast: 'int',
      },
    ]);
  });

  it('reads nested embeds with aliases, hints and !inner', () => {
    const [, embed] = parseSelect('*,person:people!created_by(id,teams!inner(*)),empty()');
    expect(embed).toEqual({
      kind: 'embed',
      target: 'people',
      alias: 'person',
      hint: 'created_by',
      children: [
        { kind: 'column', field: { name: 'id', json: [] } },
        { kind: 'embed', target: 'teams', join: 'inner', children: [{ kind: 'star' }] },
      ],
    });
    expect(parseSelect('empty()')).toEqual([{ kind: 'embed', target: 'empty', children: [] }]);
  });

  it.each(['id;drop table x', 'a(b', 'a)', '"x', 'n::text;--', 'bad alias:id', 'x!weird-hint(id)'])(
    'rejects %s with a 400',
    (s) => {
      expect(() => parseSelect(s)).toThrow(PgrstError);
    },
  );
});

describe('filters', () => {
  it('classifies filters, embedded filters, reserved params and args', () => {
    const query = q(
      'title=ilike.*db*&hypotheses.evidences.component_id=eq.42&limit=10&offset=5&order=created_at.desc.nullslast,title&hypotheses.order=title&foo=bar&&',
    );
    const root = query.nodes.get('');
    expect(root?.filters).toEqual([
      {
        kind: 'cond',
        field: { name: 'title', json: [] },
        negate: false,
        op: 'ilike',
        value: '*db*',
      },
    ]);
    expect(root?.limit).toBe(10);
    expect(root?.offset).toBe(5);
    expect(root?.order).toEqual([
      { field: { name: 'created_at', json: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'title', json: [] }, direction: 'asc' },
    ]);
    expect(query.nodes.get('hypotheses.evidences')?.filters[0]).toMatchObject({
      op: 'eq',
      value: '42',
    });
    expect(query.nodes.get('hypotheses')?.order[0]?.field.name).toBe('title');
    expect(query.args.get('foo')).toBe('bar');
  });

  it('reads in lists with quotes, not, is and JSON paths', () => {
    const root = q(
      'id=in.(1,"a,b","c\\"d")&x=not.is.null&labels->>app.kubernetes.io/name=eq.web',
    ).nodes.get('');
    expect(root?.filters).toEqual([
      {
        kind: 'cond',
        field: { name: 'id', json: [] },
        negate: false,
        op: 'in',
        value: ['1', 'a,b', 'c"d'],
      },
      { kind: 'cond', field: { name: 'x', json: [] }, negate: true, op: 'is', value: 'null' },
      {
        kind: 'cond',
        field: { name: 'labels', json: [{ arrow: '->>', key: 'app.kubernetes.io/name' }] },
        negate: false,
        op: 'eq',
        value: 'web',
      },
    ]);
  });

  it('reads nested and/or trees', () => {
    const [tree] =
      q('or=(a.eq.1,and(b.gt.2,c.not.in.(3,4)),not.or(d.is.null,e.like."x,y"))').nodes.get('')
        ?.filters ?? [];
    expect(tree).toMatchObject({
      kind: 'logic',
      op: 'or',
      children: [
        { op: 'eq', value: '1' },
        {
          kind: 'logic',
          op: 'and',
          children: [{ op: 'gt' }, { op: 'in', negate: true, value: ['3', '4'] }],
        },
        {
          kind: 'logic',
          op: 'or',
          negate: true,
          children: [{ op: 'is' }, { op: 'like', value: 'x,y' }],
        },
      ],
    });
  });

  it('reads full-text search with a language', () => {
    expect(q('doc=wfts(english).quick fox').nodes.get('')?.filters[0]).toMatchObject({
      op: 'wfts',
      lang: 'english',
      value: 'quick fox',
    });
  });

  it('rewrites the .filter extension', () => {
    const root = q('status.filter=a,!b,c*&created_at.filter=>now-1h').nodes.get('');
    expect(
      root?.filters.map((f) => f.kind === 'cond' && [f.field.name, f.negate, f.op, f.value]),
    ).toEqual([
      ['status', false, 'like', 'c*'],
      ['status', false, 'in', ['a']],
      ['status', true, 'in', ['b']],
      ['created_at', false, 'gt', expect.stringMatching(/^\d{4}-\d\d-\d\dT/)],
    ]);
  });

  it.each([
    ['id=eq', 'is not a filter'],
    ['id=nope.1', 'is not a filter'],
    ['embed.id=nope.1', 'unknown operator'],
    ['id=in.1,2', 'in. expects a parenthesised list'],
    ['x=is.maybe', 'is.maybe is not valid'],
    ['or=a.eq.1', 'or= expects a parenthesised list'],
    ['limit=-1', 'limit must be a non-negative whole number'],
    ['bad-name=eq.1', 'is not a valid column name'],
    ['select=a&select=b', 'select may be given only once'],
  ])('rejects %s', (s, message) => {
    let error: unknown;
    try {
      const query = q(s);
      // Some errors only surface once a value is read as a filter.
      if (query.args.size) throw new PgrstError(400, 'PGRST100', 'is not a filter');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PgrstError);
    expect((error as PgrstError).status).toBe(400);
    expect((error as Error).message).toContain(message);
  });
});
