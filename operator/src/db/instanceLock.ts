import fs from 'node:fs';
import path from 'node:path';

/**
 * One Vigil per data directory. A pid file created with an atomic link() guards it; a pid file
 * whose process is gone (the previous Vigil was SIGKILLed) is taken over.
 */
export class DataDirInUseError extends Error {}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireInstanceLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'vigil.pid');
  const tmp = `${lockPath}.${process.pid}`;
  fs.writeFileSync(tmp, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.linkSync(tmp, lockPath);
        return () => {
          if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = readPid(lockPath);
        if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
          throw new DataDirInUseError(
            `data directory ${dataDir} is in use by another Vigil (pid ${owner}); stop it or set VIGIL_DATA_DIR to another folder`,
          );
        }
        fs.rmSync(lockPath, { force: true });
      }
    }
    throw new DataDirInUseError(
      `could not lock data directory ${dataDir}; another Vigil is starting`,
    );
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isFinite(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export { readPid };
