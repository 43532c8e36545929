/**
 * Go-style `{{ .path.to.value }}` substitution over a variables object: check templates,
 * incident-rule titles and responder settings all use it. Missing values render as ''; objects
 * as JSON.
 */
export function renderTemplate(text: string, vars: Record<string, unknown>): string {
  return text.replace(/\{\{-?\s*\.([\w.]+)\s*-?\}\}/g, (_, path: string) => {
    let v: unknown = vars;
    for (const key of path.split('.')) v = (v as Record<string, unknown> | undefined)?.[key];
    return v === undefined || v === null
      ? ''
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);
  });
}
