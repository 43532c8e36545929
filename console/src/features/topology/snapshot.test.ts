import { describe, expect, it } from 'vitest';
import { attachmentName, snapshotFileName, snapshotPath } from './snapshot';

describe('snapshotPath', () => {
  it('asks for the range up to now, and related components when chosen', () => {
    expect(snapshotPath('c/1', { start: 'now-7d', related: true })).toBe(
      '/api/snapshot/topology/c%2F1?start=now-7d&end=now&related=true',
    );
    expect(snapshotPath('c1', { start: 'now-1d', related: false })).toBe(
      '/api/snapshot/topology/c1?start=now-1d&end=now',
    );
  });
});

describe('file names', () => {
  it("take the server's name, else one made from the component", () => {
    expect(attachmentName('attachment; filename="snap-1.zip"')).toBe('snap-1.zip');
    expect(attachmentName("attachment; filename*=UTF-8''sn%C3%A4p.zip")).toBe('snäp.zip');
    expect(attachmentName(null)).toBeUndefined();
    expect(snapshotFileName('Payments API / EU')).toBe('snapshot-payments-api-eu.zip');
    expect(snapshotFileName('***')).toBe('snapshot-component.zip');
  });
});
