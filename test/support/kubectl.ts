import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2eRun } from './server.js';

/** The pinned kubectl binaries beside the machine's kubectl dispatcher (kubectl.1.27 … 1.33). */
export function kubectlBinary(minor: number): string {
  const dispatcher = execFileSync('sh', ['-c', 'readlink -f "$(command -v kubectl)"'], {
    encoding: 'utf8',
  }).trim();
  const bin = path.join(path.dirname(dispatcher), `kubectl.1.${minor}`);
  if (!fs.existsSync(bin))
    throw new Error(`${bin} is missing: the e2e suite needs the pinned kubectl binaries`);
  return bin;
}

export interface Kubectl {
  run(
    args: string[],
    opts?: { input?: string; env?: Record<string, string> },
  ): { status: number | null; stdout: string; stderr: string };
  spawn(args: string[]): ReturnType<typeof spawn>;
  home: string;
}

/** kubectl of one version with a kubeconfig and a fresh HOME (a cold discovery cache). */
export function kubectl(minor: number, kubeconfig: string): Kubectl {
  const bin = kubectlBinary(minor);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `vigil-kubectl-${e2eRun()}-${minor}-`));
  const config = path.join(home, 'kubeconfig');
  fs.writeFileSync(config, kubeconfig);
  const env = { ...process.env, HOME: home, KUBECONFIG: config };
  return {
    home,
    run: (args, opts = {}) => {
      const r = spawnSync(bin, args, {
        env: { ...env, ...opts.env },
        input: opts.input,
        encoding: 'utf8',
        timeout: 60_000,
      });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    },
    spawn: (args) => spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] }),
  };
}
