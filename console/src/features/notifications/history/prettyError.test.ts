import { describe, expect, it } from 'vitest';
import { prettyError } from './prettyError';

describe('prettyError', () => {
  it('indents an error that is JSON', () => {
    expect(prettyError('{"ok":false,"error":"channel_not_found"}')).toBe(
      '{\n  "ok": false,\n  "error": "channel_not_found"\n}',
    );
  });

  it('leaves other text alone, including text that only looks like JSON', () => {
    expect(prettyError('slack: channel_not_found')).toBe('slack: channel_not_found');
    expect(prettyError('{not json')).toBe('{not json');
    expect(prettyError('42')).toBe('42');
    expect(prettyError(null)).toBe('');
  });
});
