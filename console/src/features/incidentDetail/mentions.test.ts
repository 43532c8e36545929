import { describe, expect, it } from 'vitest';
import {
  encodeMentions,
  insertMention,
  mentionMarkup,
  mentionQuery,
  mentionedIds,
  parseComment,
} from './mentions';

const grace = { id: 'p-grace', display: 'Grace Hopper' };
const ada = { id: 'p-ada', display: 'Ada' };
const adaL = { id: 'p-ada-l', display: 'Ada Lovelace' };

describe('mention markup', () => {
  it('stores a mention as @[display](user:id)', () => {
    expect(mentionMarkup(grace)).toBe('@[Grace Hopper](user:p-grace)');
  });

  it('encodes every @Name of a chosen person and leaves other text alone', () => {
    expect(encodeMentions('ping @Grace Hopper and @Grace Hopper, not grace@x.io', [grace])).toBe(
      'ping @[Grace Hopper](user:p-grace) and @[Grace Hopper](user:p-grace), not grace@x.io',
    );
  });

  it('prefers the longer name and never matches inside a longer word', () => {
    expect(encodeMentions('@Ada Lovelace and @Ada but not @Adam', [ada, adaL])).toBe(
      '@[Ada Lovelace](user:p-ada-l) and @[Ada](user:p-ada) but not @Adam',
    );
  });

  it('drops brackets that would end the markup early (the box inserts the cleaned name)', () => {
    const bob = { id: 'b', display: 'Bob (ops)' };
    expect(insertMention('hi @bo', 3, 6, bob.display).text).toBe('hi @Bob ops ');
    expect(encodeMentions('hi @Bob ops', [bob])).toBe('hi @[Bob ops](user:b)');
  });

  it('leaves text without mentions unchanged', () => {
    expect(encodeMentions('@Grace Hopper', [])).toBe('@Grace Hopper');
  });

  it('parses stored comments back into text and mentions', () => {
    const stored = 'a @[Grace Hopper](user:p-grace) b @[Ada](user:p-ada)';
    expect(parseComment(stored)).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'mention', display: 'Grace Hopper', id: 'p-grace' },
      { kind: 'text', text: ' b ' },
      { kind: 'mention', display: 'Ada', id: 'p-ada' },
    ]);
    expect(mentionedIds(stored)).toEqual(['p-grace', 'p-ada']);
    expect(parseComment('plain')).toEqual([{ kind: 'text', text: 'plain' }]);
  });

  it('round-trips what it encodes', () => {
    const encoded = encodeMentions('@Grace Hopper look', [grace]);
    expect(parseComment(encoded)[0]).toEqual({
      kind: 'mention',
      display: 'Grace Hopper',
      id: 'p-grace',
    });
  });
});

describe('typing a mention', () => {
  it('finds the @query at the caret, at the start or after a space', () => {
    expect(mentionQuery('@gr', 3)).toEqual({ start: 0, query: 'gr' });
    expect(mentionQuery('hello @Grace H', 14)).toEqual({ start: 6, query: 'Grace H' });
    expect(mentionQuery('hello @', 7)).toEqual({ start: 6, query: '' });
  });

  it('is not a mention inside an email address or after a line break', () => {
    expect(mentionQuery('mail grace@x', 12)).toBeUndefined();
    expect(mentionQuery('@gr\nace', 7)).toBeUndefined();
    expect(mentionQuery('no at sign', 10)).toBeUndefined();
  });

  it('replaces the query with @Name and a space, caret after it', () => {
    expect(insertMention('hi @gr tail', 3, 6, 'Grace Hopper')).toEqual({
      text: 'hi @Grace Hopper  tail',
      caret: 17,
    });
  });
});
