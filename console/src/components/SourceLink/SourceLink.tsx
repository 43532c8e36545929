import { Link } from 'react-router';
import { NIL_AGENT_ID, type AgentRef } from './api';

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
 * (spec 001 §4). A new canary has source UI.
 */
export function isExternal(row: SourceInfo): boolean {
  return Boolean((row.source && row.source !== 'UI') || linkedAgent(row));
}

/** Where Vigil's Kubernetes API serves a canary applied with kubectl (source kubernetes/ns/name). */
export function kubernetesHref(source: string): string | undefined {
  const match = /^kubernetes\/([^/]+)\/([^/]+)$/.exec(source);
  if (!match) return undefined;
  const [, namespace = '', name = ''] = match;
  return `/k8s/apis/canaries.flanksource.com/v1/namespaces/${encodeURIComponent(namespace)}/canaries/${encodeURIComponent(name)}`;
}

/** The source link rules of spec 001 "Spec editors"; nothing for UI (and, in lists, push). */
export function SourceLink({
  row,
  variant = 'detail',
}: {
  row: SourceInfo;
  variant?: 'detail' | 'list';
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
    const href = kubernetesHref(source);
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
