import { Link } from 'react-router';

/** The all-zero agent id: the resource lives here, not on an agent (spec 001 §3). */
export const NIL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export interface AgentRef {
  id: string;
  name: string;
}

export interface SourceInfo {
  source: string | null | undefined;
  agent_id?: string | null;
  agent?: AgentRef | null;
}

function linkedAgent(row: SourceInfo): AgentRef | undefined {
  const id = row.agent?.id ?? row.agent_id;
  if (!id || id === NIL_AGENT_ID) return undefined;
  return { id, name: row.agent?.name ?? id };
}

/**
 * Made outside the console (kubectl, a file, an agent): shown read-only with its source
 * (spec 001 §4). A resource made in the console has source UI.
 */
export function isExternal(row: SourceInfo): boolean {
  return Boolean((row.source && row.source !== 'UI') || linkedAgent(row));
}

/** The source link rules of spec 001 "Spec editors"; nothing for UI (and, in lists, push). */
export function SourceLink({
  row,
  variant = 'detail',
  kubernetesHref,
}: {
  row: SourceInfo;
  variant?: 'detail' | 'list';
  /** Where the resource a kubernetes source names is served, for kinds that have a CRD. */
  kubernetesHref?: (source: string) => string | undefined;
}) {
  const agent = linkedAgent(row);
  if (agent) {
    return (
      <Link to={`/settings/agents?id=${encodeURIComponent(agent.id)}`}>Linked to {agent.name}</Link>
    );
  }
  const source = row.source ?? '';
  if (!source || source === 'UI') return null;
  if (source.startsWith('kubernetes')) {
    const href = kubernetesHref?.(source);
    return href ? (
      <a href={href} target="_blank" rel="noreferrer">
        {source}
      </a>
    ) : (
      <span>{source}</span>
    );
  }
  if (source.startsWith('component')) {
    const id = source.split('/')[1];
    return id ? (
      <Link to={`/topology/${encodeURIComponent(id)}`}>{source}</Link>
    ) : (
      <span>{source}</span>
    );
  }
  if (source === 'ConfigFile') return <span>Linked to local file</span>;
  if (variant === 'list' && source.toLowerCase() === 'push') return null;
  return <span>{source}</span>;
}
