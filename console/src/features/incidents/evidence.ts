import { hasGrant } from '../../app/access';
import { useSession } from '../../app/session';
import type { EvidenceType } from './model';

/** The evidence body (spec 000 §3): lines and selected lines for log and config evidence. */
export interface EvidenceBody {
  lines?: string[];
  /** Line number (as text) -> the line, as the evidence list highlights them. */
  selected_lines?: Record<string, string>;
  comment?: string;
  start?: string;
  includeMessages?: boolean;
  [key: string]: unknown;
}

/** What another area hands the Link to Incident dialog to attach (spec 000 §2.7). */
export interface EvidenceAttachment {
  type: EvidenceType;
  check_id?: string;
  config_id?: string;
  config_change_id?: string;
  config_analysis_id?: string;
  component_id?: string;
  evidence?: EvidenceBody;
  properties?: Record<string, unknown>;
  /** Prefills the dialog's Description, e.g. the config or check name. */
  description?: string;
}

/** A health check as evidence. */
export function checkEvidence(checkId: string, description?: string): EvidenceAttachment {
  return { type: 'check', check_id: checkId, description };
}

/** A topology component as evidence. */
export function componentEvidence(componentId: string, description?: string): EvidenceAttachment {
  return { type: 'topology', component_id: componentId, description };
}

/**
 * A config item as evidence, with the lines shown and the ones the user selected (by index into
 * `lines`). Only the selected lines and their text are stored, as the evidence list expects.
 */
export function configEvidence(
  configId: string,
  lines: readonly string[],
  selectedIndexes: readonly number[],
  description?: string,
): EvidenceAttachment {
  const selected: Record<string, string> = {};
  for (const index of [...selectedIndexes].sort((a, b) => a - b)) {
    const line = lines[index];
    if (line !== undefined) selected[String(index)] = line;
  }
  return {
    type: 'config',
    config_id: configId,
    evidence: { lines: [...lines], selected_lines: selected },
    description,
  };
}

/**
 * Whether to offer 'Attach as Evidence' / 'Link to Incident' (spec 000 §2.7, §6): write on
 * incidents, and the incidents feature switched on.
 */
export function useCanLinkToIncident(): boolean {
  const { whoami, enabled } = useSession();
  return enabled('incidents') && hasGrant(whoami, 'incident', 'write');
}
