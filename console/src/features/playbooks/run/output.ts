/** How an action's result reads: its script's streams, or else the result itself as JSON. */
export interface ActionOutputParts {
  stdout?: string;
  stderr?: string;
  /** The result when it holds more than the streams (an HTTP response, a query's rows). */
  json?: string;
}

const STREAMS = new Set(['stdout', 'stderr', 'exitCode']);

export function outputParts(result: unknown): ActionOutputParts {
  if (result === null || result === undefined) return {};
  if (typeof result !== 'object' || Array.isArray(result)) {
    return { json: JSON.stringify(result, null, 2) };
  }
  const r = result as Record<string, unknown>;
  const parts: ActionOutputParts = {};
  if (typeof r.stdout === 'string' && r.stdout) parts.stdout = r.stdout;
  if (typeof r.stderr === 'string' && r.stderr) parts.stderr = r.stderr;
  const rest = Object.keys(r).filter((k) => !STREAMS.has(k));
  const onlyStreams =
    rest.length === 0 && (parts.stdout !== undefined || parts.stderr !== undefined);
  if (!onlyStreams && Object.keys(r).length > 0) parts.json = JSON.stringify(result, null, 2);
  return parts;
}
