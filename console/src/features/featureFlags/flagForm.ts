import type { FeatureFlag } from './api';

/** Spec 002 §5: both name and value are needed. */
export const MISSING_DETAILS = 'please provide all details';
/** Spec 002 §5: flags from the server's properties file are read-only. */
export const LOCAL_REFUSAL = 'Cannot edit local feature flags';

export interface FlagFormValues {
  name: string;
  value: string;
}

/** The form's one error, or undefined when it may be sent. */
export function validateFlag(values: FlagFormValues): string | undefined {
  return values.name.trim() && values.value.trim() ? undefined : MISSING_DETAILS;
}

export const isLocal = (flag: Pick<FeatureFlag, 'source'>) => flag.source === 'local';
