import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * e2e data dirs outlive single servers (restart tests reuse them), so they are removed once,
 * after the whole e2e run: every vigil-e2e-* / vigil-kubectl-* dir made since it started.
 */
export default function setup(): () => void {
  const started = Date.now();
  return () => {
    for (const name of fs.readdirSync(os.tmpdir())) {
      if (!/^vigil-(e2e|kubectl|image)-/.test(name)) continue;
      const dir = path.join(os.tmpdir(), name);
      if (fs.statSync(dir).mtimeMs >= started) fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
