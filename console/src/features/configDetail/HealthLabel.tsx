import { Label, type LabelProps } from '@patternfly/react-core';

const HEALTH_STATUS: Readonly<Record<string, LabelProps['status']>> = {
  healthy: 'success',
  unhealthy: 'danger',
  warning: 'warning',
};

/** A config's health as a status label (spec 002: 'Health is shown as status'). */
export function HealthLabel({ health }: { health: string | null | undefined }) {
  const value = health?.trim() || 'unknown';
  return (
    <Label isCompact status={HEALTH_STATUS[value.toLowerCase()]}>
      {value}
    </Label>
  );
}
