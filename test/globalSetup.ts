import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * e2e data dirs outlive single servers (restart tests reuse them), so they are removed once,
 * after the whole e2e run. Each run names its dirs with its own id (VIGIL_E2E_RUN, inherited by
 * the test workers), so a run never removes the dirs of another run going on beside it.
 */
export default function setup(): () => void {
  const run = `r${process.pid}`;
  process.env.VIGIL_E2E_RUN = run;
  return () => {
    for (const name of fs.readdirSync(os.tmpdir())) {
      if (!new RegExp(`^vigil-(e2e|kubectl|image)-${run}-`).test(name)) continue;
      fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  };
}
