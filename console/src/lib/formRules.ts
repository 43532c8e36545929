import { isObject, type Path } from './jsonDoc';

/** The form messages of spec 001 §5. */
export const REQUIRED = 'This field is required';
export const NOT_A_NUMBER = 'This field must be a number';
export const atLeast = (min: number) => `This field must be at least ${min}`;

export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.keys(value).length === 0;
  return false;
}

/** How errors are keyed: the dotted path of the field ('spec.http.0.url'). */
export const pathKey = (path: Path) => path.join('.');
