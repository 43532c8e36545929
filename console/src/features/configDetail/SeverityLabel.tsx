import { Label } from '@patternfly/react-core';

const SEVERITY_COLOR: Readonly<Record<string, 'red' | 'orange' | 'yellow' | 'blue' | 'grey'>> = {
  critical: 'red',
  blocker: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'blue',
};

/** A change's or an insight's severity, coloured from critical (red) down to info (grey). */
export function SeverityLabel({ severity }: { severity: string | null | undefined }) {
  if (!severity) return null;
  return (
    <Label isCompact color={SEVERITY_COLOR[severity.toLowerCase()] ?? 'grey'}>
      {severity}
    </Label>
  );
}
