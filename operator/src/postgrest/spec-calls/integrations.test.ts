import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpecServer, totalOf, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * The integrations list as the console asks for it (spec 001 §7 "Generic resources": GET
 * integrations_with_status, paged with limit, offset and a count preference), with the creator
 * column that 0035 adds to the view.
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const alice = { id: ID.alice, name: 'Alice Smith', avatar: 'https://img/alice.png' };

describe('integrations_with_status', () => {
  it('names who created each row, and nobody for rows nobody created', async () => {
    const res = await s.raw(
      'integrations_with_status?select=*&deleted_at=is.null&order=created_at.desc&offset=0&limit=100',
      { prefer: 'count=exact' },
    );
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Row[];
    expect(totalOf(res)).toBe(rows.length);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName['kubernetes-scraper']).toMatchObject({
      integration_type: 'scrapers',
      created_by: ID.alice,
      creator: alice,
    });
    expect(byName.cluster).toMatchObject({ integration_type: 'topologies', creator: alice });
    expect(byName.loki).toMatchObject({ integration_type: 'logging_backends', creator: alice });
    // Pushed by an agent: no creator.
    expect(byName.edge).toMatchObject({ created_by: null, creator: null });
    // Deleted rows are not integrations any more.
    expect(byName.retired).toBeUndefined();
    expect(byName.elastic).toBeUndefined();
  });
});
