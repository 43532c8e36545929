/**
 * How to install an agent (server contract, "Installing an agent"): the same chart, charts/vigil,
 * with agent values — the URL of this (central) Vigil, the agent's name and its access token.
 */
export interface AgentInstall {
  name: string;
  /** This console's origin: the agent pushes to the Vigil that serves it. */
  upstreamUrl: string;
  token: string;
}

export const AGENT_NAMESPACE = 'vigil-agent';
export const AGENT_RELEASE = 'vigil-agent';
export const TOKEN_SECRET = 'vigil-agent-token';

/** Single-quoted for a POSIX shell, so a token's characters are taken as they are. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./:=@+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Double-quoted YAML, so URLs and tokens are never read as another type. */
const yamlString = (value: string) => JSON.stringify(value);

export function helmCommand({ name, upstreamUrl, token }: AgentInstall): string {
  return [
    `helm install ${AGENT_RELEASE} charts/vigil --namespace ${AGENT_NAMESPACE} --create-namespace`,
    `  --set agent.upstreamUrl=${shellQuote(upstreamUrl)}`,
    `  --set agent.name=${shellQuote(name)}`,
    `  --set agent.token=${shellQuote(token)}`,
  ].join(' \\\n');
}

/**
 * A Secret with the token and a HelmRelease reading it. The chart comes from the HelmRepository
 * `vigil` of config/flux, which lives in the vigil namespace, hence the sourceRef's namespace.
 */
export function fluxManifest({ name, upstreamUrl, token }: AgentInstall): string {
  return `apiVersion: v1
kind: Namespace
metadata:
  name: ${AGENT_NAMESPACE}
---
apiVersion: v1
kind: Secret
metadata:
  name: ${TOKEN_SECRET}
  namespace: ${AGENT_NAMESPACE}
type: Opaque
stringData:
  token: ${yamlString(token)}
---
apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: ${AGENT_RELEASE}
  namespace: ${AGENT_NAMESPACE}
spec:
  interval: 10m
  chart:
    spec:
      chart: vigil
      version: 0.1.x
      sourceRef:
        kind: HelmRepository
        name: vigil
        namespace: vigil
  values:
    agent:
      upstreamUrl: ${yamlString(upstreamUrl)}
      name: ${yamlString(name)}
      existingTokenSecret: ${TOKEN_SECRET}
`;
}

/** Without a cluster: the same binary, told whom to push to. */
export function serveCommand({ upstreamUrl, token }: AgentInstall): string {
  return `vigil serve --agent-of ${shellQuote(upstreamUrl)} --agent-token ${shellQuote(token)}`;
}
