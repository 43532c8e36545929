import { Router, type Request } from 'express';
import type pg from 'pg';
import { digest, newSecret } from '../../auth/passwords.js';
import type { Principal } from '../../auth/identity.js';

export function instanceName(publicUrl: string): string {
  const url = new URL(publicUrl);
  const name = `${url.hostname}${url.port ? `-${url.port}` : ''}`
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-');
  return `vigil-${name}`.replace(/-+$/, '');
}

export function renderKubeconfig(opts: { publicUrl: string; token: string; user: string }): string {
  const name = instanceName(opts.publicUrl);
  const server = `${opts.publicUrl.replace(/\/+$/, '')}/k8s`;
  // client-node refuses plain http unless TLS verification is explicitly skipped.
  const tls = server.startsWith('http://') ? '\n    insecure-skip-tls-verify: true' : '';
  return `apiVersion: v1
kind: Config
clusters:
- name: ${name}
  cluster:
    server: ${JSON.stringify(server)}${tls}
contexts:
- name: ${name}
  context:
    cluster: ${name}
    user: ${JSON.stringify(opts.user)}
    namespace: default
current-context: ${name}
users:
- name: ${JSON.stringify(opts.user)}
  user:
    token: ${opts.token}
`;
}

/** GET /api/kubeconfig: a kubeconfig holding a fresh personal token for the signed-in user. */
export function kubeconfigRoutes(pool: pg.Pool, publicUrl: string | undefined): Router {
  const router = Router();
  const base = (req: Request) => publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  router.get('/', async (req, res) => {
    const principal = res.locals.principal as Principal;
    const token = newSecret('vgl_');
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
    await pool.query('INSERT INTO access_tokens (name, person_id, value) VALUES ($1, $2, $3)', [
      `kubeconfig-${stamp}-${token.slice(4, 10)}`,
      principal.person.id,
      digest(token),
    ]);
    const url = base(req);
    res
      .type('application/yaml')
      .attachment(`${instanceName(url)}-kubeconfig.yaml`)
      .send(
        renderKubeconfig({
          publicUrl: url,
          token,
          user: principal.person.email ?? principal.person.name,
        }),
      );
  });
  return router;
}
