import { follow, headerMap, isJsonType, planFrom, type Plan } from '../../health/runners/http.js';
import type { ActionContext, ActionRunner } from '../types.js';
import {
  ActionError,
  completed,
  envField,
  envList,
  errorText,
  failed,
  guarded,
  isObject,
  setFields,
  stoppedText,
  text,
} from './common.js';

/**
 * The `http` action (crds.md §4.4): one request with the http check's client
 * (health/runners/http.ts: redirects, basic/digest/NTLM, TLS, decompression), from the
 * HTTPConnection fields (`tls` in place of the check's `tlsConfig`, plus `bearer`), `method`
 * (GET, or POST when there is a body) and `body`. The engine has already templated every field,
 * `body` included when `templateBody` is set, so the body is sent as it is.
 * result = {code, headers, body, json}; a status of 400 or more fails with the code and the start
 * of the body.
 */

/** Read of a response; the rest is not downloaded. */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/** Of the body kept in the result (which the run page shows and templates read). */
export const BODY_CHARS = 256 * 1024;
const ERROR_BODY_CHARS = 300;

const UNSUPPORTED: Record<string, string> = {
  oauth: 'oauth is not supported yet: fetch the token in an earlier action and send it with bearer',
  awsSigV4: 'awsSigV4 is not supported yet',
};

async function planOf(spec: Record<string, unknown>, ctx: ActionContext): Promise<Plan> {
  const unsupported = setFields(spec, Object.keys(UNSUPPORTED)).map((f) => UNSUPPORTED[f]);
  if (unsupported.length) throw new ActionError(unsupported.join('; '));
  // Read here first so that a `valueFrom` is refused in the action's words, not the check's.
  const username = envField(spec.username, 'username');
  const password = envField(spec.password, 'password');
  const bearer = envField(spec.bearer, 'bearer');
  const headers = envList(spec.headers, 'headers');
  const rawTls = spec.tls ?? {};
  if (!isObject(rawTls)) throw new ActionError('tls must be an object');
  const tlsConfig = {
    ...rawTls,
    ca: envField(rawTls.ca, 'tls.ca'),
    cert: envField(rawTls.cert, 'tls.cert'),
    key: envField(rawTls.key, 'tls.key'),
  };
  const body = text(spec, 'body');
  let plan: Plan;
  try {
    plan = await planFrom(
      {
        url: spec.url,
        connection: spec.connection,
        username,
        password,
        ntlm: spec.ntlm,
        ntlmv2: spec.ntlmv2,
        digest: spec.digest,
        headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
        method: text(spec, 'method') ?? (body !== undefined ? 'POST' : 'GET'),
        body,
        tlsConfig,
      },
      ctx,
    );
  } catch (err) {
    throw new ActionError(errorText(err).replaceAll('tlsConfig', 'tls'));
  }
  if (bearer !== undefined) {
    if (plan.auth.kind !== 'none')
      throw new ActionError('set bearer or username/password (basic, digest, ntlm), not both');
    plan.headers.authorization = `Bearer ${bearer}`;
  }
  plan.maxContentBytes = MAX_RESPONSE_BYTES;
  return plan;
}

const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ALTNAME/;

export const httpAction: ActionRunner = (spec, ctx) =>
  guarded(async () => {
    const plan = await planOf(spec, ctx);
    const where = `${plan.method} ${plan.url.href}`;
    let ex;
    try {
      ex = await follow(plan, ctx.signal, performance.now());
    } catch (err) {
      if (ctx.signal.aborted) return failed(`${where}: ${stoppedText(ctx.signal)}`);
      const code = (err as { code?: unknown }).code;
      const hint =
        typeof code === 'string' && TLS_CODE.test(code)
          ? ' (trust the issuer with tls.ca, or set tls.insecureSkipVerify)'
          : '';
      return failed(`${where}: ${errorText(err)}${hint}`);
    }
    const body = ex.body.toString('utf8');
    const headers = headerMap(ex.headers);
    const result: Record<string, unknown> = {
      code: ex.status,
      headers,
      body: body.length > BODY_CHARS ? body.slice(0, BODY_CHARS) : body,
    };
    if (ex.truncated || body.length > BODY_CHARS) result.truncated = true;
    // JSON only from a whole body: a cut one would not parse, or would mislead.
    if (isJsonType(headers['content-type']) && !ex.truncated) {
      try {
        result.json = JSON.parse(body) as unknown;
      } catch {
        // Labelled JSON but not: the body is still there to read.
      }
    }
    if (ex.status >= 400) {
      const start = body.trim().slice(0, ERROR_BODY_CHARS);
      return failed(`${where} returned HTTP ${ex.status}${start ? `: ${start}` : ''}`, result);
    }
    return completed(result);
  });
