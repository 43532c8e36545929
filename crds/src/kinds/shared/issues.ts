/**
 * Cross-field rules report Kubernetes-style messages themselves; `params.reason` carries the
 * StatusCause reason through zod to validate.ts.
 */
import type { z } from 'zod';

type Ctx = z.RefinementCtx;
type Path = (string | number)[];

/** A value as Kubernetes quotes it in a message; long objects and lists are shortened. */
export function formatValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  if (typeof value !== 'object' || value === null || text.length <= 80) return text;
  return `${text.slice(0, 77)}...`;
}

export function requiredIssue(ctx: Ctx, path: Path, detail?: string): void {
  ctx.addIssue({
    code: 'custom',
    path,
    message: detail ? `Required value: ${detail}` : 'Required value',
    params: { reason: 'FieldValueRequired' },
  });
}

export function invalidIssue(ctx: Ctx, path: Path, value: unknown, detail: string): void {
  ctx.addIssue({
    code: 'custom',
    path,
    message: `Invalid value: ${formatValue(value)}: ${detail}`,
    params: { reason: 'FieldValueInvalid' },
  });
}

/** Kubernetes reports duplicates as "Duplicate value"; our cause reasons file it as invalid. */
export function duplicateIssue(ctx: Ctx, path: Path, value: unknown): void {
  ctx.addIssue({
    code: 'custom',
    path,
    message: `Duplicate value: ${formatValue(value)}`,
    params: { reason: 'FieldValueInvalid' },
  });
}

/**
 * Run a cross-field rule even when other fields already failed, so one response lists every
 * problem (as the apiserver does); rules using this must tolerate ill-typed values.
 */
export const EVEN_IF_INVALID = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};
