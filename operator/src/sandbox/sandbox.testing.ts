import fs from 'node:fs';
import type { TestContext } from 'vitest';
import { listProcesses } from './processes.js';
import { isRoot } from './sandbox.js';

/**
 * Skips the rest of a test when Vigil's process is not root: without root, scripts run as
 * Vigil's own user and only the environment and working directory are kept apart. Says why.
 */
export function rootOnly(ctx: TestContext, what: string): void {
  if (isRoot()) return;
  const note = `${what}: needs root, and this test process is not root`;
  console.warn(`skipped: ${note}`);
  ctx.skip(note);
}

/** Host pids of the processes whose command line holds `marker` (namespace pids mean nothing). */
export function processesWith(marker: string): number[] {
  return listProcesses()
    .filter((p) => {
      try {
        return fs
          .readFileSync(`/proc/${p.pid}/cmdline`, 'utf8')
          .replaceAll('\0', ' ')
          .includes(marker);
      } catch {
        return false;
      }
    })
    .map((p) => p.pid);
}

/** A number no other test uses, to find a script's `sleep <marker>…` processes. */
export const sleepMarker = () => String(10000 + Math.floor(Math.random() * 89999));
