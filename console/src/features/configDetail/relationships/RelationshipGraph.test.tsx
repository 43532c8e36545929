import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RelatedConfig } from './api';
import { BORDER_COLORS } from './GraphElements';
import { RelationshipGraph } from './RelationshipGraph';
import { CURRENT_ID, deploymentWithPods, giveElementsASize, related } from './testData';

let undoSize: () => void;
beforeEach(() => {
  undoSize = giveElementsASize();
});
afterEach(() => undoSize());

function draw(configs: RelatedConfig[], onOpenConfig = vi.fn()) {
  render(
    <RelationshipGraph
      configs={configs}
      currentId={CURRENT_ID}
      options={{ direction: 'LR', edges: 'curved' }}
      onOpenConfig={onOpenConfig}
    />,
  );
  return {
    graph: within(screen.getByRole('region', { name: 'Relationship graph' })),
    onOpenConfig,
  };
}

const node = (name: RegExp | string) => screen.getByRole('link', { name });
const border = (el: HTMLElement) => el.querySelector('rect:not([fill="none"])');

describe('RelationshipGraph', () => {
  it('draws each config with its name and type, the current one highlighted', async () => {
    const { onOpenConfig } = draw(deploymentWithPods(2));
    const current = await screen.findByRole('link', { name: /^payments-api \(/ });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(node('payments-api-6c9f (Kubernetes::ReplicaSet)')).not.toHaveAttribute('aria-current');
    expect(screen.getAllByRole('link')).toHaveLength(4);
    expect(document.querySelectorAll('path[data-edge]')).toHaveLength(3);

    fireEvent.click(node('pod-000 (Kubernetes::Pod)'));
    expect(onOpenConfig).toHaveBeenCalledWith('pod-000');
  });

  it('borders unhealthy nodes red and warning ones orange', async () => {
    const configs = [
      related(CURRENT_ID, { name: 'svc', related_ids: ['bad', 'meh', 'ok'], depth: 0 }),
      related('bad', { name: 'bad', type: 'A', health: 'unhealthy' }),
      related('meh', { name: 'meh', type: 'B', health: 'warning' }),
      related('ok', { name: 'ok', type: 'C', health: 'healthy' }),
    ];
    draw(configs);
    const bad = await screen.findByRole('link', { name: 'bad (A)' });
    expect(bad).toHaveAttribute('data-border', 'red');
    expect(border(bad)).toHaveAttribute('stroke', BORDER_COLORS.red);
    expect(node('meh (B)')).toHaveAttribute('data-border', 'orange');
    expect(border(node('meh (B)'))).toHaveAttribute('stroke', BORDER_COLORS.orange);
    expect(node('ok (C)')).toHaveAttribute('data-border', 'none');
    expect(border(node('ok (C)'))?.getAttribute('stroke')).not.toMatch(/danger|warning/);
  });

  it('greys deleted configs', async () => {
    draw([
      related(CURRENT_ID, { name: 'svc', related_ids: ['gone'], depth: 0 }),
      related('gone', { name: 'gone', deleted_at: '2026-11-01T00:00:00Z' }),
    ]);
    const gone = await screen.findByRole('link', { name: /^gone/ });
    expect(gone).toHaveAttribute('data-deleted', 'true');
    expect(gone).toHaveStyle({ opacity: '0.55' });
  });

  it('groups 3 pods of a ReplicaSet in a node that starts expanded', async () => {
    draw(deploymentWithPods(3));
    const group = await screen.findByRole('button', { name: '3 Kubernetes::Pod' });
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('link', { name: /\(Kubernetes::Pod\)/ })).toHaveLength(3);

    fireEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('link', { name: /\(Kubernetes::Pod\)/ })).toHaveLength(0);
  });

  it('keeps a group of 4 collapsed until clicked, and shows its worst health', async () => {
    const configs = deploymentWithPods(4);
    (configs[3] as { health: string }).health = 'unhealthy';
    draw(configs);
    const group = await screen.findByRole('button', { name: '4 Kubernetes::Pod' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(group).toHaveAttribute('data-border', 'red');
    expect(screen.queryAllByRole('link', { name: /\(Kubernetes::Pod\)/ })).toHaveLength(0);

    // From the keyboard, as a button.
    group.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findAllByRole('link', { name: /\(Kubernetes::Pod\)/ })).toHaveLength(4);
    expect(node('pod-001 (Kubernetes::Pod)')).toHaveAttribute('data-border', 'red');
  });

  it('draws 500 pods as 3 nodes: the big group stays closed', async () => {
    draw(deploymentWithPods(500));
    expect(await screen.findByRole('button', { name: '500 Kubernetes::Pod' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});
