import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The public component card (spec: /view/topology/{id}) is made to be embedded in other sites'
 * dashboards, so any origin may frame it. Every other answer refuses to be framed (clickjacking).
 */
const EMBEDDABLE = /^\/view\/topology\/[^/]+\/?$/;

export function isEmbeddable(url: string | undefined): boolean {
  return EMBEDDABLE.test((url ?? '/').split(/[?#]/, 1)[0] ?? '/');
}

/**
 * The console's Content-Security-Policy, found by loading every console page (sign-in, the
 * shell, Health and its drawer, Settings, the health check spec editor with Monaco, the
 * kubeconfig dialog) in Chromium under a stricter policy and keeping only what was refused.
 * Everything it loads is its own: Vite's bundles, the locally bundled Monaco, fonts, images.
 * - script-src 'self': no inline script and no 'unsafe-eval'. Monaco needs neither: Vite emits
 *   its workers as files under /assets (no blob: or data: bootstrap) and nothing evals.
 * - style-src 'unsafe-inline': for Monaco alone (the rest of the console runs under
 *   style-src 'self'). It creates <style> elements at run time (theme, token colours,
 *   decorations) and renders its lines as HTML with style attributes, with no way to give them
 *   a nonce. CSS cannot run script; this is the one relaxation.
 * - worker-src 'self': Monaco's editor (and JSON) workers from /assets.
 * - img-src, font-src, connect-src 'self': images, the Red Hat and codicon fonts, the API,
 *   /k8s and watches. (Monaco's CSS has data: images for its colour picker and an iPad
 *   keyboard button, neither of which the console's YAML and shell editors show.)
 * - object-src 'none', base-uri 'self', form-action 'self', script-src-attr 'none'.
 * - frame-ancestors 'none', except the embeddable card (any origin).
 * No upgrade-insecure-requests: Vigil serves plain HTTP on its main port, and upgrading its own
 * asset URLs to https would break the console there.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'worker-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-ancestors': [(req: IncomingMessage) => (isEmbeddable(req.url) ? '*' : "'none'")],
} as const;

/** HSTS on HTTPS answers only: one year, this host only (no includeSubDomains, no preload). */
const HSTS = 'max-age=31536000';

/**
 * Security headers on every answer (helmet): the CSP above, X-Frame-Options DENY (except the
 * embeddable card), nosniff, Referrer-Policy same-origin, and HSTS when the request came over
 * HTTPS (the TLS port, or a trusted proxy's X-Forwarded-Proto).
 *
 * Referrer-Policy is same-origin, not helmet's no-referrer: with no-referrer, browsers send
 * `Origin: null` on the console's own same-origin POSTs, which the CSRF guard must refuse.
 *
 * When VIGIL_PUBLIC_URL says users reach Vigil over plain http, no HSTS is sent even on the TLS
 * port: HSTS covers the host on every port, and would send browsers to https on the HTTP port.
 */
export function securityHeaders(opts: { publicUrl?: string | undefined }): RequestHandler[] {
  const plainHttpPublic = opts.publicUrl?.startsWith('http:') ?? false;
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: false,
      xFrameOptions: false,
    }),
    (req, res, next) => {
      if (!isEmbeddable(req.url)) res.setHeader('X-Frame-Options', 'DENY');
      if (req.secure && !plainHttpPublic) res.setHeader('Strict-Transport-Security', HSTS);
      next();
    },
  ];
}
