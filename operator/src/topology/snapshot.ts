import type { Writable } from 'node:stream';
import type pg from 'pg';
import { ZipFile } from 'yazl';
import type { Subject } from '../auth/policy.js';
import { Sql } from '../http/routes/sql.js';
import { buildAnswer, componentScope, type Answer } from './query.js';
import { loadComponents } from './queryLoad.js';
import { MAX_DEPTH, type TopologyParams } from './queryParams.js';
import {
  checksFile,
  configsFile,
  incidentsFile,
  relatedFile,
  SNAPSHOT_LIMITS,
  type Range,
  type SnapshotLimits,
} from './snapshotData.js';
import { answerJson, countNodes } from './serialize.js';

/**
 * GET /api/snapshot/topology/{id} (docs/api/topology.md): a zip of one component, its
 * descendants (as the topology call gives them, at most 5,000: fewer levels when there are
 * more), the components related to it, and the configs, checks and incidents linked to them
 * over a time range. Each file is bounded; the zip is streamed as it is made.
 */

export interface SnapshotOptions extends Range {
  id: string;
  related: boolean;
}

export interface Snapshot {
  /** The component's name, for the download's file name. */
  name: string;
  /** Writes the zip to `out`, file by file; rejects if reading a file fails. */
  write(out: Writable): Promise<void>;
}

const BASE: Omit<TopologyParams, 'depth'> = {
  hidden: false,
  flatten: false,
  sortBy: { kind: 'name' },
  sortOrder: 'asc',
};

/** The component tree, with as many levels as fit in the component limit. */
async function componentTree(pool: pg.Pool, subject: Subject, id: string, limit: number) {
  const sql = new Sql();
  const params = { ...BASE, id, depth: MAX_DEPTH };
  const set = await loadComponents(pool, sql, params, componentScope(subject, sql));
  let depth = MAX_DEPTH;
  let answer: Answer = buildAnswer(set, params);
  while (depth > 0 && countNodes(answer.components) > limit) {
    depth--;
    answer = buildAnswer(set, { ...params, depth });
  }
  const ids = new Set<string>();
  const collect = (nodes: Answer['components']) => {
    for (const n of nodes) {
      ids.add(set.id[n.i] as string);
      collect(n.components);
    }
  };
  collect(answer.components);
  const root = answer.components[0];
  return {
    name: root ? (set.name[root.i] as string) : undefined,
    json: JSON.parse(answerJson(answer.graph, answer.components, answer.facets)) as object,
    ids: [...ids],
    depth,
  };
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** Undefined when the component does not exist or the caller may not see it. */
export async function topologySnapshot(
  pool: pg.Pool,
  subject: Subject,
  opts: SnapshotOptions,
  limits: SnapshotLimits = SNAPSHOT_LIMITS,
): Promise<Snapshot | undefined> {
  const tree = await componentTree(pool, subject, opts.id, limits.components);
  const { depth, ids: shown } = tree;
  if (tree.name === undefined) return undefined;
  const range = { start: opts.start, end: opts.end };
  const files: [string, () => Promise<unknown>][] = [
    [
      'component.json',
      async () => ({
        ...tree.json,
        depth,
        limits: { components: limits.components },
        ...(depth < MAX_DEPTH
          ? {
              truncated: true,
              note: `more than ${limits.components} components: only ${depth} ${depth === 1 ? 'level' : 'levels'} of descendants are included`,
            }
          : { truncated: false }),
      }),
    ],
    [
      'related.json',
      async () =>
        opts.related
          ? relatedFile(pool, opts.id, (sql) => componentScope(subject, sql), limits)
          : { omitted: 'related components were not asked for (related=true includes them)' },
    ],
    ['configs.json', () => configsFile(pool, subject, shown, range, limits)],
    ['checks.json', () => checksFile(pool, subject, shown, range, limits)],
    ['incidents.json', () => incidentsFile(pool, subject, shown, range, limits)],
  ];
  return {
    name: tree.name,
    async write(out) {
      const zip = new ZipFile();
      zip.outputStream.pipe(out);
      const mtime = new Date();
      for (const [name, read] of files) zip.addBuffer(json(await read()), name, { mtime });
      zip.end();
    },
  };
}
