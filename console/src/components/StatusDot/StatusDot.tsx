import { checkStatusColor } from '../../lib/statusColor';
import type { StatusDotColor } from '../../lib/statusColor';

// Palette tokens from PatternFly's stylesheet, with fallbacks so the dot shows even without it.
const COLORS: Record<StatusDotColor, string> = {
  red: 'var(--pf-t--color--red--50, #ee0000)',
  gray: 'var(--pf-t--color--gray--40, #a3a3a3)',
  orange: 'var(--pf-t--color--orange--40, #f5921b)',
  green: 'var(--pf-t--color--green--50, #63993d)',
};

export interface StatusDotProps {
  status: string | null | undefined;
  /** Accessible name and tooltip; defaults to the status itself. */
  label?: string;
  /** Diameter in px. */
  size?: number;
}

export function StatusDot({ status, label, size = 10 }: StatusDotProps) {
  const color = checkStatusColor(status);
  const name = label ?? (status || 'unknown');
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      data-color={color}
      style={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        backgroundColor: COLORS[color],
        flexShrink: 0,
      }}
    />
  );
}
