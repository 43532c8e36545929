import { describe, expect, it } from 'vitest';
import { decide } from './lease.js';

const now = Date.parse('2026-11-22T10:00:00Z');

describe('lease decisions', () => {
  it('acquires an absent or unheld lease', () => {
    expect(decide(undefined, 'me', now)).toEqual({ action: 'acquire' });
    expect(decide({}, 'me', now)).toEqual({ action: 'acquire' });
  });

  it('renews its own lease', () => {
    expect(
      decide(
        { holderIdentity: 'me', renewTime: '2026-11-22T09:59:59Z', leaseDurationSeconds: 15 },
        'me',
        now,
      ),
    ).toEqual({ action: 'renew' });
  });

  it("waits while another replica's lease is fresh and takes it over once it expired", () => {
    const other = { holderIdentity: 'other', leaseDurationSeconds: 15 };
    expect(decide({ ...other, renewTime: '2026-11-22T09:59:50Z' }, 'me', now)).toEqual({
      action: 'wait',
      holder: 'other',
    });
    expect(decide({ ...other, renewTime: '2026-11-22T09:59:40Z' }, 'me', now)).toEqual({
      action: 'acquire',
    });
  });
});
