import { describe, expect, it } from 'vitest';
import { K8sError } from './status.js';
import { fieldSelectorSql, labelSelectorSql, type SqlPart } from './selectors.js';

describe('selectors', () => {
  it('compiles label selectors with bound values', () => {
    const part: SqlPart = { sql: [], params: [] };
    labelSelectorSql('env=prod,tier!=db,app in (web, api),zone notin (a),team,!legacy', part);
    expect(part.sql).toEqual([
      'labels->>$1 = $2',
      'labels->>$3 IS DISTINCT FROM $4',
      'labels->>$5 = ANY($6::text[])',
      'NOT coalesce(labels->>$7 = ANY($8::text[]), false)',
      'coalesce(labels ? $9, false)',
      'NOT coalesce(labels ? $10, false)',
    ]);
    expect(part.params).toEqual([
      'env',
      'prod',
      'tier',
      'db',
      'app',
      ['web', 'api'],
      'zone',
      ['a'],
      'team',
      'legacy',
    ]);
  });

  it('compiles the field selectors kubectl sends', () => {
    const part: SqlPart = { sql: [], params: [] };
    fieldSelectorSql('metadata.name=fin,metadata.namespace!=kube-system', part);
    expect(part.sql).toEqual(['name = $1', 'namespace <> $2']);
  });

  it.each(["a'b=1", 'x in y', '=v'])('rejects the label selector %s', (s) => {
    expect(() => labelSelectorSql(s, { sql: [], params: [] })).toThrow(K8sError);
  });

  it('rejects unsupported field labels', () => {
    expect(() => fieldSelectorSql('spec.x=1', { sql: [], params: [] })).toThrow(
      'field label not supported: spec.x',
    );
  });
});
