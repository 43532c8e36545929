import type pg from 'pg';

/**
 * Runs against a config are part of its history (crds.md §4.6): PlaybookStarted, then
 * PlaybookCompleted or PlaybookFailed, as config changes linking the run. The external id keeps
 * each one written once even if a step is repeated after a restart. Triggers ignore these
 * changes (triggers.ts), so a playbook on `config.changed` does not start itself again.
 */
export const RUN_CHANGE_TYPES = [
  'PlaybookScheduled',
  'PlaybookStarted',
  'PlaybookCompleted',
  'PlaybookFailed',
];

export async function recordRunChange(
  db: pg.Pool | pg.PoolClient,
  run: { id: string; config_id: string | null; created_by: string | null },
  playbook: { id: string; name: string; title: string },
  type: string,
  summary: string,
): Promise<void> {
  if (!run.config_id) return;
  await db.query(
    `INSERT INTO config_changes (config_id, external_change_id, change_type, severity, source, summary, details, created_by)
     VALUES ($1, $2, $3, 'info', 'playbook', $4, $5, $6)
     ON CONFLICT (config_id, external_change_id) DO NOTHING`,
    [
      run.config_id,
      `playbook-run/${run.id}/${type}`,
      type,
      summary.slice(0, 1000),
      { run_id: run.id, playbook_id: playbook.id, playbook: playbook.name },
      run.created_by,
    ],
  );
}
