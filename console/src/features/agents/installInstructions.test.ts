import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fluxManifest, helmCommand, serveCommand, shellQuote } from './installInstructions';

const INSTALL = { name: 'eu-2', upstreamUrl: 'https://vigil.example.com', token: "ab'c$d" };

describe('installInstructions', () => {
  it('quotes for the shell only what needs it', () => {
    expect(shellQuote('https://vigil.example.com:8443')).toBe('https://vigil.example.com:8443');
    expect(shellQuote("ab'c$d")).toBe(`'ab'\\''c$d'`);
  });

  it('installs with Helm using the agent values', () => {
    expect(helmCommand(INSTALL)).toBe(
      [
        'helm install vigil-agent charts/vigil --namespace vigil-agent --create-namespace \\',
        '  --set agent.upstreamUrl=https://vigil.example.com \\',
        '  --set agent.name=eu-2 \\',
        `  --set agent.token='ab'\\''c$d'`,
      ].join('\n'),
    );
    expect(serveCommand(INSTALL)).toBe(
      `vigil serve --agent-of https://vigil.example.com --agent-token 'ab'\\''c$d'`,
    );
  });

  it('gives Flux a Secret with the token and a HelmRelease that reads it', () => {
    const docs = parseAllDocuments(fluxManifest(INSTALL)).map((d) => d.toJS() as { kind: string });
    expect(docs.map((d) => d.kind)).toEqual(['Namespace', 'Secret', 'HelmRelease']);
    expect(docs[1]).toMatchObject({
      metadata: { name: 'vigil-agent-token', namespace: 'vigil-agent' },
      stringData: { token: "ab'c$d" },
    });
    expect(docs[2]).toMatchObject({
      apiVersion: 'helm.toolkit.fluxcd.io/v2',
      metadata: { name: 'vigil-agent', namespace: 'vigil-agent' },
      spec: {
        chart: {
          spec: {
            chart: 'vigil',
            version: '0.1.x',
            sourceRef: { kind: 'HelmRepository', name: 'vigil', namespace: 'vigil' },
          },
        },
        values: {
          agent: {
            upstreamUrl: 'https://vigil.example.com',
            name: 'eu-2',
            existingTokenSecret: 'vigil-agent-token',
          },
        },
      },
    });
  });
});
