import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IncidentStatusBadge } from './IncidentStatusBadge';

function labelOf(status: string) {
  render(<IncidentStatusBadge status={status} />);
  return screen.getByText(status).closest('.pf-v6-c-label');
}

describe('IncidentStatusBadge', () => {
  it('shows open in light green', () => {
    expect(labelOf('open')).toHaveClass('pf-m-green', 'pf-m-filled');
  });

  it('shows closed in the neutral grey', () => {
    const label = labelOf('closed');
    // PatternFly's grey is the uncoloured default label.
    expect(label).not.toHaveClass('pf-m-green');
    expect(label).not.toHaveClass('pf-m-blue');
  });

  it.each(['new', 'investigating', 'mitigated', 'resolved'])('shows %s in blue', (status) => {
    expect(labelOf(status)).toHaveClass('pf-m-blue');
  });
});
