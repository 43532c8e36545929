import type { Pool } from '../../db/pool.js';
import type { ConnectionFields } from '../../health/types.js';
import { silentLog } from '../../testing/testDatabase.js';
import type { ActionContext } from '../types.js';

/** An ActionContext for action tests: connections from a map, no database unless given. */
export function actionContext(
  opts: {
    connections?: Record<string, ConnectionFields>;
  } & Partial<Omit<ActionContext, 'connection'>> = {},
): ActionContext {
  const { connections, ...rest } = opts;
  return {
    signal: new AbortController().signal,
    pool: {} as Pool,
    log: silentLog,
    mode: 'embedded',
    run: {
      id: '00000000-0000-0000-0000-0000000000b1',
      playbook: {
        id: '00000000-0000-0000-0000-0000000000b2',
        name: 'restart',
        namespace: 'default',
        title: 'Restart',
      },
      parameters: {},
    },
    connection: (ref) => Promise.resolve(connections?.[ref]),
    ...rest,
  };
}
