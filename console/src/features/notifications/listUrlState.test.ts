import { describe, expect, it } from 'vitest';
import { applyListPatch, parseListParams } from './listUrlState';

const parse = (query: string) =>
  parseListParams(new URLSearchParams(query), ['status', 'resource_type'] as const, 50);
const patch = (query: string, p: Parameters<typeof applyListPatch>[1]) =>
  applyListPatch(new URLSearchParams(query), p, 50).toString();

describe('notification list URL state', () => {
  it('reads paging, filters and the open row, with defaults for junk', () => {
    expect(parse('page=3&pageSize=100&status=sent:1&id=h-1')).toEqual({
      page: 3,
      pageSize: 100,
      id: 'h-1',
      filters: { status: 'sent:1', resource_type: '' },
    });
    expect(parse('page=-2&pageSize=abc')).toMatchObject({ page: 1, pageSize: 50, id: '' });
  });

  it('starts again at page 1 when a filter or the page size changes', () => {
    expect(patch('page=4&status=sent:1', { filters: { status: 'error:1' } })).toBe(
      'status=error%3A1',
    );
    expect(patch('page=4', { pageSize: 100 })).toBe('pageSize=100');
    expect(patch('page=4&pageSize=100', { pageSize: 50 })).toBe('');
  });

  it('pages without touching the filters, and leaves page 1 out', () => {
    expect(patch('status=sent:1', { page: 2 })).toBe('status=sent%3A1&page=2');
    expect(patch('status=sent:1&page=2', { page: 1 })).toBe('status=sent%3A1');
  });

  it('opens and closes a modal without losing the page', () => {
    expect(patch('page=2', { id: 'h-9' })).toBe('page=2&id=h-9');
    expect(patch('page=2&id=h-9', { id: '' })).toBe('page=2');
  });
});
