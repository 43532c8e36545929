import { describe, expect, it } from 'vitest';
import { topLevelOrigins } from './catalog.js';

// Shapes of pg_rewrite.ev_action text (abridged): the view's own target list, and a scalar
// subquery inside one of its columns whose target entry has the same resno and name.
const entry = (resno: number, name: string, tbl: number, col: number, expr = '{VAR :varno 1}') =>
  `{TARGETENTRY :expr ${expr} :resno ${resno} :resname ${name} :ressortgroupref 0 :resorigtbl ${tbl} :resorigcol ${col} :resjunk false}`;

describe('view column origins', () => {
  it('reads the top-level target list, not the target entries of scalar subqueries', () => {
    const sublink = `{SUBLINK :subselect {QUERY :rtable () :targetList (${entry(1, 'id', 777, 1)}) :x 1}}`;
    const action = `({QUERY :commandType 1 :rtable ({RANGETBLENTRY :relid 500}) :targetList (${entry(1, 'id', 500, 1)} ${entry(2, 'title', 500, 3)} ${entry(3, 'responders', 0, 0, sublink)}) :override 0})`;
    expect([...topLevelOrigins(action)]).toEqual([
      [1, '500:1'],
      [2, '500:3'],
    ]);
  });

  it('ignores brackets escaped in names and subqueries in FROM', () => {
    const from = `{RANGETBLENTRY :subquery {QUERY :targetList (${entry(1, 'id', 900, 1)})}}`;
    const action = `({QUERY :rtable (${from}) :targetList (${entry(1, 'a\\{b', 600, 2)}) :x 1})`;
    expect([...topLevelOrigins(action)]).toEqual([[1, '600:2']]);
  });
});
