import { ADMIN_TOKEN } from './server.js';

/** A run as GET /api/playbook/run/{id} answers it. */
export interface PlaybookRun {
  id: string;
  status: string;
  error: string | null;
  actions: {
    name: string;
    status: string;
    error: string | null;
    result: Record<string, unknown>;
    artifacts: { id: string; filename: string }[];
  }[];
}

const ENDED = ['completed', 'failed', 'timed_out', 'cancelled'];

/** Waits until the run ended (as the admin), and answers it. */
export async function runEnded(base: string, runId: string, ms = 60_000): Promise<PlaybookRun> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await fetch(`${base}/api/playbook/run/${runId}`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    if (res.ok) {
      const run = (await res.json()) as PlaybookRun;
      if (ENDED.includes(run.status)) return run;
    }
    if (Date.now() > deadline) throw new Error(`playbook run ${runId} did not end within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts a run through POST /api/playbook/run as the admin and waits for its end. */
export async function runPlaybook(
  base: string,
  body: {
    id: string;
    config_id?: string;
    component_id?: string;
    check_id?: string;
    params?: Record<string, unknown>;
  },
): Promise<PlaybookRun> {
  const res = await fetch(`${base}/api/playbook/run`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201)
    throw new Error(`POST /api/playbook/run: ${res.status} ${await res.text()}`);
  return runEnded(base, ((await res.json()) as { run_id: string }).run_id);
}
