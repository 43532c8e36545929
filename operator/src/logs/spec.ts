import { z } from 'zod';

/**
 * A log backend's spec (logging_backends.spec; docs/logs.md): exactly one of
 *
 *   file:  {paths: [glob, …], format: auto | json | text}   files on this server's disk
 *   vigil: {}                                             Vigil's own recent log lines
 *   loki:  {url, connection, selector, tenant}            a Loki-compatible query_range API
 */

export const BACKEND_KINDS = ['file', 'vigil', 'loki'] as const;
export type BackendKind = (typeof BACKEND_KINDS)[number];

const text = z.string().trim().min(1);

const fileSpec = z
  .object({
    paths: z.union([text, z.array(text).min(1)]).transform((p) => (Array.isArray(p) ? p : [p])),
    format: z.enum(['auto', 'json', 'text']).default('auto'),
  })
  .strict();

const vigilSpec = z
  .union([z.literal(true), z.null(), z.object({}).strict()])
  .transform(() => ({}) as Record<string, never>);

const lokiSpec = z
  .object({
    url: z.url({ protocol: /^https?$/ }).optional(),
    /** A stored connection (connection://name, a name or an id) giving the url and basic auth. */
    connection: text.optional(),
    selector: text.optional(),
    tenant: text.optional(),
  })
  .strict()
  .refine((l) => l.url || l.connection, { message: 'a Loki backend needs a url or a connection' });

const backendSpec = z
  .object({ file: fileSpec.optional(), vigil: vigilSpec.optional(), loki: lokiSpec.optional() })
  .strict();

export type FileSpec = z.output<typeof fileSpec>;
export type LokiSpec = z.output<typeof lokiSpec>;

export type BackendSpec =
  { kind: 'file'; file: FileSpec } | { kind: 'vigil' } | { kind: 'loki'; loki: LokiSpec };

export class BackendSpecError extends Error {}

/** The spec as a backend of one kind, or a BackendSpecError saying what is wrong. */
export function parseBackendSpec(spec: unknown): BackendSpec {
  const raw = spec && typeof spec === 'object' ? (spec as Record<string, unknown>) : {};
  const kinds = BACKEND_KINDS.filter((k) => k in raw);
  if (kinds.length !== 1)
    throw new BackendSpecError(
      kinds.length
        ? `the spec has ${kinds.join(' and ')}: a backend is exactly one of file, vigil or loki`
        : 'the spec needs one of file, vigil or loki',
    );
  const parsed = backendSpec.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new BackendSpecError(`${where}${issue?.message ?? 'invalid spec'}`);
  }
  const p = parsed.data;
  if (p.file) return { kind: 'file', file: p.file };
  if (p.loki) return { kind: 'loki', loki: p.loki };
  return { kind: 'vigil' };
}
