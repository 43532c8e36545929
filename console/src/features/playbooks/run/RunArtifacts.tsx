import { Content } from '@patternfly/react-core';
import { formatBytes } from './formatBytes';
import { artifactHref } from '../paths';
import type { RunAction } from '../types';

/** The files the run's actions kept, each downloaded from GET /api/playbook/artifacts/{id}. */
export function RunArtifacts({ actions }: { actions: readonly RunAction[] }) {
  const files = actions.flatMap((a) => (a.artifacts ?? []).map((f) => ({ ...f, action: a.name })));
  if (files.length === 0) return <Content component="p">No artifacts.</Content>;
  return (
    <ul aria-label="Artifacts" style={{ margin: 0, paddingInlineStart: 16 }}>
      {files.map((f) => (
        <li key={f.id}>
          <a href={artifactHref(f.id)} download={f.filename}>
            {f.filename}
          </a>{' '}
          <Content component="small">
            {[f.action, f.size === null ? '' : formatBytes(f.size)].filter(Boolean).join(' · ')}
          </Content>
        </li>
      ))}
    </ul>
  );
}
