import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * The data directory holds Vigil's secrets (postgres.password, initial-admin-password, the TLS
 * key in tls/) and the embedded database. At start-up it is made enterable by Vigil's own user
 * only (0700). When the embedded PostgreSQL runs as another OS user (Vigil is root), that user's
 * group may pass through it (0710: enter, not list) to reach postgres/, which it owns. Anyone
 * else, the script user included, cannot open anything inside, whatever the files' own modes.
 */
export function secureDataDir(
  dataDir: string,
  log: Logger,
  opts: { secretFiles?: (string | undefined)[] } = {},
): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const st = fs.statSync(dataDir);
  let pgData: fs.Stats | undefined;
  try {
    pgData = fs.statSync(path.join(dataDir, 'postgres'));
  } catch {
    pgData = undefined; // external database, or not initialised yet
  }
  const pgGroup = pgData && pgData.uid !== st.uid ? pgData.gid : undefined;
  if (pgGroup !== undefined && st.gid !== pgGroup) fs.chownSync(dataDir, st.uid, pgGroup);
  const mode = pgGroup === undefined ? 0o700 : 0o710;
  const was = st.mode & 0o7777;
  if (was !== mode || (pgGroup !== undefined && st.gid !== pgGroup)) {
    fs.chmodSync(dataDir, mode);
    log.info(
      { dataDir, was: was.toString(8), now: mode.toString(8) },
      'restricted the data directory to Vigil (and the embedded database) only',
    );
  }
  for (const file of opts.secretFiles ?? []) {
    if (!file) continue;
    try {
      if ((fs.statSync(file).mode & 0o004) !== 0)
        log.warn(
          { file },
          `${file} is readable by every OS user, scripts included; run 'chmod o-r ${file}'`,
        );
    } catch {
      // a missing file is reported where it is read
    }
  }
}
