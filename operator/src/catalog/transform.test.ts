import { describe, expect, it } from 'vitest';
import { itemsFromDocuments } from './base.js';
import { applyTransform, mapChanges } from './transform.js';
import type { RawDocument } from './types.js';

const doc = (content: unknown): RawDocument => ({
  content,
  format: 'json',
  defaults: { externalId: 'doc' },
});

describe('the common scraper fields', () => {
  const users = {
    users: [
      { login: 'ann', role: 'admin', active: true, since: '2024-01-02T03:04:05Z' },
      { login: 'bob', role: 'dev', active: false },
    ],
  };

  it('splits items by JSONPath and reads each field as a literal or a JSONPath', () => {
    const { items, errors } = itemsFromDocuments(
      {
        items: '$.users[*]',
        id: '$.login',
        name: '$.login',
        type: 'User',
        class: '$.role',
        status: '$.active',
        createFields: ['$.since'],
        labels: { source: 'ldap' },
        tags: [
          { name: 'role', jsonpath: '$.role' },
          { name: 'team', value: 'sre' },
        ],
      },
      [doc(users)],
      'HTTP',
    );
    expect(errors).toEqual([]);
    expect(items.map((i) => [i.externalId, i.type, i.class, i.status, i.tags])).toEqual([
      ['ann', 'User', 'admin', 'true', { role: 'admin', team: 'sre' }],
      ['bob', 'User', 'dev', 'false', { role: 'dev', team: 'sre' }],
    ]);
    expect(items[0]?.createdAt?.toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(items[0]?.labels).toEqual({ source: 'ldap' });
  });

  it('says an item has no id rather than inventing one', () => {
    const { items, errors } = itemsFromDocuments(
      { items: '$.users[*]', id: '$.uid' },
      [{ content: users, format: 'json' }],
      'HTTP',
    );
    expect(items).toEqual([]);
    expect(errors[0]).toMatch(/an item has no id/);
  });
});

describe('transform', () => {
  const base = () =>
    itemsFromDocuments(
      { id: '$.name', type: 'App' },
      [doc({ name: 'shop', secret: 's3cr3t', internal: { x: 1 }, replicas: 2 })],
      'File',
    ).items;

  it('rewrites items with a CEL expr into several results', () => {
    const { items, errors } = applyTransform(
      {
        transform: {
          expr: `[{"id": config.name, "config": config, "health": config.replicas > 1 ? "healthy" : "unhealthy"}, {"id": config.name + "-svc", "config_type": "Service", "config": {"for": config.name}}]`,
        },
      },
      base(),
    );
    expect(errors).toEqual([]);
    expect(items.map((i) => [i.externalId, i.type, i.health])).toEqual([
      ['shop', 'App', 'healthy'],
      ['shop-svc', 'Service', undefined],
    ]);
  });

  it('excludes and masks fields', () => {
    const { items } = applyTransform(
      {
        transform: {
          exclude: [{ jsonpath: '$.internal' }],
          mask: [
            { jsonpath: '$.secret', value: 'md5sum' },
            { jsonpath: '$.replicas', value: '***' },
          ],
        },
      },
      base(),
    );
    expect(items[0]?.config).toEqual({
      name: 'shop',
      // md5 of "s3cr3t"
      secret: 'a4d80eac9ab26a4a2da04125bc2c096a',
      replicas: '***',
    });
  });

  it('refuses JavaScript and Go control structures, naming what to use instead', () => {
    expect(applyTransform({ transform: { javascript: 'x' } }, base()).errors[0]).toMatch(
      /JavaScript needs a sandboxed runtime/,
    );
    expect(
      applyTransform({ transform: { gotemplate: '{{range .x}}{{end}}' } }, base()).errors[0],
    ).toMatch(/range, if and with are not/);
  });

  it('links items to others by selector', () => {
    const { relationships } = applyTransform(
      {
        transform: {
          relationship: [
            { type: { value: 'Kubernetes::Namespace' }, name: { expr: 'config.name' } },
            { expr: `[{"name": "db", "type": "Database"}]`, parent: true },
          ],
        },
      },
      base(),
    );
    expect(relationships).toEqual([
      {
        from: { externalId: 'shop', type: 'App' },
        parent: false,
        selector: { name: 'shop', type: 'Kubernetes::Namespace' },
      },
      {
        from: { externalId: 'shop', type: 'App' },
        parent: true,
        selector: { name: 'db', type: 'Database' },
      },
    ]);
  });

  it('drops and re-maps changes', () => {
    const changes = [
      { changeType: 'Pulled', summary: 'image pulled' },
      { changeType: 'BackOff', summary: 'crash loop' },
      { changeType: 'Noise' },
    ];
    const out = mapChanges(
      {
        transform: {
          changes: {
            exclude: ['change.change_type == "Noise"'],
            mapping: [
              { filter: 'change.change_type == "BackOff"', type: 'CrashLoop', severity: 'high' },
            ],
          },
        },
      },
      changes,
    );
    expect(out.map((c) => [c.changeType, c.severity])).toEqual([
      ['Pulled', undefined],
      ['CrashLoop', 'high'],
    ]);
  });
});
