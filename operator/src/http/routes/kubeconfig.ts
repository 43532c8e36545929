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

/** Where the HTTPS listener for the Kubernetes API is (set once the server listens) and the CA to trust. */
export interface K8sEndpoint {
  port?: number;
  ca?: string;
}

export function renderKubeconfig(opts: {
  publicUrl: string;
  token: string;
  user: string;
  endpoint?: K8sEndpoint;
}): string {
  const name = instanceName(opts.publicUrl);
  const base = opts.publicUrl.replace(/\/+$/, '');
  // kubectl sends credentials only over TLS: point at the HTTPS listener unless the public URL
  // is HTTPS already (an ingress with its own certificate).
  const useListener = base.startsWith('http://') && opts.endpoint?.port;
  // The API is served at the root (kubectl sends `get --raw` paths from there); /k8s still
  // answers for kubeconfigs downloaded before.
  const server = useListener ? `https://${new URL(base).hostname}:${opts.endpoint?.port}` : base;
  const tls =
    useListener && opts.endpoint?.ca
      ? `\n    certificate-authority-data: ${Buffer.from(opts.endpoint.ca).toString('base64')}`
      : server.startsWith('http://')
        ? '\n    insecure-skip-tls-verify: true'
        : '';
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
export function kubeconfigRoutes(
  pool: pg.Pool,
  publicUrl: (req: Request) => string,
  endpoint?: K8sEndpoint,
): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const principal = res.locals.principal as Principal;
    const token = newSecret('vgl_');
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
    await pool.query('INSERT INTO access_tokens (name, person_id, value) VALUES ($1, $2, $3)', [
      `kubeconfig-${stamp}-${token.slice(4, 10)}`,
      principal.person.id,
      digest(token),
    ]);
    const url = publicUrl(req);
    res
      .type('application/yaml')
      .attachment(`${instanceName(url)}-kubeconfig.yaml`)
      .send(
        renderKubeconfig({
          publicUrl: url,
          token,
          user: principal.person.email ?? principal.person.name,
          ...(endpoint ? { endpoint } : {}),
        }),
      );
  });
  return router;
}
