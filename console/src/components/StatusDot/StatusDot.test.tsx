import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusDot } from './StatusDot';

describe('StatusDot', () => {
  it.each([
    ['unhealthy', '--pf-t--color--red--50'],
    ['suspended', '--pf-t--color--gray--40'],
    ['mixed', '--pf-t--color--orange--40'],
    ['healthy', '--pf-t--color--green--50'],
  ])('paints %s with the matching colour', (status, token) => {
    render(<StatusDot status={status} />);
    const dot = screen.getByRole('img', { name: status });
    expect(dot.style.backgroundColor).toContain(token);
  });

  it('names the dot for screen readers and on hover', () => {
    render(<StatusDot status="degraded" label="Check is degraded" />);
    const dot = screen.getByRole('img', { name: 'Check is degraded' });
    expect(dot).toHaveAttribute('title', 'Check is degraded');
    expect(dot).toHaveAttribute('data-color', 'red');
  });
});
