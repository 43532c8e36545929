import { denial, type Subject } from './policy.js';

/**
 * Which specs make Vigil run code on its own host: exec checks (also inside a topology lookup or
 * an inline canary), exec scrapers and playbook exec actions — any `exec` entry, at any depth.
 * Writing one needs write on `scripts` (policy.ts). The SQL form bounds /api/db writes.
 */
export function runsScripts(spec: unknown): boolean {
  if (Array.isArray(spec)) return spec.some(runsScripts);
  if (!spec || typeof spec !== 'object') return false;
  for (const [key, value] of Object.entries(spec)) {
    if (key === 'exec' && value !== null && value !== undefined) {
      if (Array.isArray(value) ? value.length > 0 : typeof value === 'object') return true;
    }
    if (runsScripts(value)) return true;
  }
  return false;
}

/** The same over a jsonb column (true when the spec holds an exec entry anywhere). */
export function runsScriptsSql(column: string): string {
  // Lax mode unwraps arrays: `exec: [{…}]` and `exec: {…}` both yield an object; `exec: []` none.
  return `coalesce(jsonb_path_exists(${column}, 'lax $.**.exec ? (@.type() == "object")'), false)`;
}

/** Tables whose `spec` may hold scripts. */
export const SCRIPT_TABLES = ['canaries', 'topologies', 'config_scrapers', 'playbooks'];

export const SCRIPTS_DENIED =
  'permission denied: exec checks, scrapers and actions run scripts on the Vigil server, which needs write on scripts (admins, or a Permission on the scripts object)';

/** SCRIPTS_DENIED with what decided it for this subject: their roles, or a deny Permission. */
export function scriptsDenied(subject: Subject): string {
  return `${SCRIPTS_DENIED}: ${denial(subject, 'scripts', 'write').replace(/^permission denied: /, '')}`;
}
