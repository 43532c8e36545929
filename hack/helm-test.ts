/**
 * The chart, the kustomize base and the Flux examples, checked with real tools (run through
 * hack/helm-test.sh, which installs them): `helm lint`, `helm template` over a matrix of values
 * with assertions per case, every rendered object validated against the Kubernetes OpenAPI schemas
 * (kubernetes-models), the values schema's rejections, `kubectl kustomize config/default` and
 * config/flux. `--update` rewrites config/default/vigil.yaml from the chart.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import YAML from 'yaml';
import { fluxManifest, helmCommand } from '../console/src/features/agents/installInstructions.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHART = path.join(ROOT, 'charts/vigil');
const HELM = process.env.HELM ?? 'helm';
const MODELS = process.env.MODELS_DIR ?? '';
const update = process.argv.includes('--update');
const KIND_PLURALS = fs
  .readdirSync(path.join(ROOT, 'crds/manifests'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.split('.')[0] as string);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

let failures = 0;
let checks = 0;
function check(ok: unknown, what: string) {
  checks++;
  if (!ok) {
    failures++;
    console.error(`  FAIL: ${what}`);
  }
}

function run(cmd: string, args: string[], cwd = ROOT) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

function docs(text: string): Obj[] {
  return YAML.parseAllDocuments(text)
    .map((d) => d.toJS() as Obj | null)
    .filter((d): d is Obj => !!d && typeof d === 'object');
}

/** The kubernetes-models class for an apiVersion/kind (prometheus-operator, flux-cd included). */
async function model(apiVersion: string, kind: string) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const pkg = group?.endsWith('coreos.com')
    ? '@kubernetes-models/prometheus-operator'
    : group?.endsWith('fluxcd.io')
      ? '@kubernetes-models/flux-cd'
      : 'kubernetes-models';
  const file = path.join(MODELS, pkg, group ? `${group}/${version}` : `${version}`, `${kind}.js`);
  if (!fs.existsSync(file)) return undefined;
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return mod[kind] as (new (data: Obj) => { validate(): void }) | undefined;
}

/** Every object must have a schema and pass it. */
async function validateAll(objects: Obj[], where: string) {
  for (const o of objects) {
    const name = `${where}: ${o.kind}/${o.metadata?.name}`;
    const Model = await model(String(o.apiVersion), String(o.kind));
    check(Model, `${name}: no OpenAPI schema for ${o.apiVersion} ${o.kind}`);
    if (!Model) continue;
    try {
      new Model(o).validate();
      checks++;
    } catch (err) {
      check(false, `${name} is not valid: ${(err as Error).message.slice(0, 400)}`);
    }
  }
}

function template(args: string[]): { objects: Obj[]; status: number; stderr: string } {
  const r = run(HELM, ['template', 'vigil', CHART, '--namespace', 'vigil', ...args]);
  return { objects: r.status === 0 ? docs(r.stdout) : [], status: r.status, stderr: r.stderr };
}

const find = (objects: Obj[], kind: string) => objects.filter((o) => o.kind === kind);
const one = (objects: Obj[], kind: string) => find(objects, kind)[0] ?? {};
const container = (objects: Obj[]) =>
  one(objects, 'Deployment').spec?.template?.spec?.containers?.[0] ?? {};
const envOf = (objects: Obj[], name: string) =>
  (container(objects).env as Obj[] | undefined)?.find((e) => e.name === name);

interface Case {
  name: string;
  args: string[];
  expect: (objects: Obj[]) => void;
}

const cases: Case[] = [
  {
    name: 'defaults: embedded PostgreSQL on a PVC',
    args: ['--include-crds'],
    expect: (o) => {
      const d = one(o, 'Deployment');
      const pod = d.spec?.template?.spec ?? {};
      const c = container(o);
      check(d.spec?.replicas === 1, 'one replica');
      check(d.spec?.strategy?.type === 'Recreate', 'Recreate: never two pods on one data dir');
      check(find(o, 'PersistentVolumeClaim').length === 1, 'a PVC for /data');
      check(!envOf(o, 'DATABASE_URL'), 'no DATABASE_URL');
      check(find(o, 'CustomResourceDefinition').length === KIND_PLURALS.length, 'every CRD');
      check(find(o, 'ClusterRole').length === 0, 'no RBAC outside cluster mode');
      check(pod.automountServiceAccountToken === false, 'no API token outside cluster mode');
      check(pod.securityContext?.runAsNonRoot === true, 'runAsNonRoot');
      check(c.securityContext?.readOnlyRootFilesystem === true, 'read-only root filesystem');
      check(c.securityContext?.allowPrivilegeEscalation === false, 'no privilege escalation');
      check(
        (c.volumeMounts as Obj[]).some((m) => m.mountPath === '/tmp'),
        'a writable /tmp next to the read-only root',
      );
      check(c.readinessProbe?.httpGet?.path === '/readyz', 'readiness on /readyz');
      check(c.livenessProbe?.httpGet?.path === '/healthz', 'liveness on /healthz');
      check(c.resources?.requests?.memory, 'resource requests');
      check(!c.args.includes('--kubernetes'), 'not in cluster mode');
      check(find(o, 'Ingress').length === 0, 'no Ingress by default');
    },
  },
  {
    name: 'external PostgreSQL from databaseUrl',
    args: [
      '--set',
      'databaseUrl=postgres://vigil:pw@db:5432/vigil',
      '--set',
      'adminPassword=change-me-now',
    ],
    expect: (o) => {
      const secret = one(o, 'Secret');
      check(secret.stringData?.url === 'postgres://vigil:pw@db:5432/vigil', 'URL in the Secret');
      check(secret.stringData?.password === 'change-me-now', 'password in the Secret');
      check(
        envOf(o, 'DATABASE_URL')?.valueFrom?.secretKeyRef?.key === 'url',
        'DATABASE_URL from it',
      );
      check(one(o, 'Deployment').spec?.strategy?.type === 'RollingUpdate', 'rolling updates');
    },
  },
  {
    name: 'external PostgreSQL from an existing Secret, 3 replicas, PDB',
    args: [
      '--set',
      'existingDatabaseSecret=vigil-db',
      '--set',
      'replicaCount=3',
      '--set',
      'podDisruptionBudget.enabled=true',
    ],
    expect: (o) => {
      check(envOf(o, 'DATABASE_URL')?.valueFrom?.secretKeyRef?.name === 'vigil-db', 'that Secret');
      check(one(o, 'Deployment').spec?.replicas === 3, '3 replicas');
      check(find(o, 'PersistentVolumeClaim').length === 0, 'no shared RWO PVC across replicas');
      // Only the shared connection key: every replica must encrypt with the same one.
      check(
        find(o, 'Secret')
          .map((x) => x.metadata?.name)
          .join() === 'vigil-connection-key',
        'only the connection key Secret',
      );
      check(
        envOf(o, 'VIGIL_CONNECTION_KEY')?.valueFrom?.secretKeyRef?.name === 'vigil-connection-key',
        'replicas share the connection key',
      );
      check(one(o, 'PodDisruptionBudget').spec?.minAvailable === 1, 'PDB minAvailable 1');
    },
  },
  {
    name: 'ingress with TLS, ServiceMonitor',
    args: [
      '--set',
      'ingress.enabled=true',
      '--set',
      'ingress.host=vigil.example.org',
      '--set',
      'ingress.className=nginx',
      '--set',
      'ingress.tls[0].secretName=vigil-tls',
      '--set',
      'serviceMonitor.enabled=true',
      '--set',
      'trustedProxies=10.0.0.0/8',
    ],
    expect: (o) => {
      const ing = one(o, 'Ingress');
      check(ing.spec?.rules?.[0]?.host === 'vigil.example.org', 'Ingress host');
      check(ing.spec?.tls?.[0]?.secretName === 'vigil-tls', 'Ingress TLS');
      check(
        envOf(o, 'VIGIL_PUBLIC_URL')?.value === 'https://vigil.example.org',
        'public URL from it',
      );
      check(envOf(o, 'VIGIL_TRUSTED_PROXIES')?.value === '10.0.0.0/8', 'trusted proxies');
      check(one(o, 'ServiceMonitor').spec?.endpoints?.[0]?.path === '/metrics', 'ServiceMonitor');
    },
  },
  {
    name: 'cluster mode with least-privilege RBAC',
    args: ['--set', 'kubernetes.enabled=true'],
    expect: (o) => {
      const c = container(o);
      check(c.args.includes('--kubernetes'), '--kubernetes');
      check(
        one(o, 'Deployment').spec?.template?.spec?.automountServiceAccountToken === true,
        'token',
      );
      const rules = (one(o, 'ClusterRole').rules ?? []) as Obj[];
      const grants = (resource: string, verb: string) =>
        rules.some((r) => r.resources.includes(resource) && r.verbs.includes(verb));
      for (const plural of KIND_PLURALS) {
        check(grants(plural, 'watch'), `watch ${plural}`);
        check(grants(`${plural}/status`, 'update'), `update ${plural}/status`);
        check(!grants(plural, 'update') && !grants(plural, 'delete'), `no writes to ${plural}`);
      }
      check(grants('pods', 'list') && grants('events', 'watch'), 'the scraper reads pods, events');
      check(!grants('secrets', 'get'), 'no Secrets by default');
      check(!rules.some((r) => r.verbs.includes('*') || r.resources.includes('*')), 'no wildcards');
      const leases = (one(o, 'Role').rules ?? []) as Obj[];
      check(
        leases.some(
          (r) => r.resources.includes('leases') && r.resourceNames?.includes('vigil-leader'),
        ),
        'the leader Lease, by name',
      );
      check(one(o, 'RoleBinding').subjects?.[0]?.namespace === 'vigil', 'bound in the release ns');
    },
  },
  {
    name: 'cluster mode, scraper and RBAC switches',
    args: [
      '--set',
      'kubernetes.enabled=true',
      '--set',
      'rbac.scraper.enabled=false',
      '--set',
      'rbac.secretReader=true',
      '--set',
      'rbac.playbookPods=true',
    ],
    expect: (o) => {
      const rules = (one(o, 'ClusterRole').rules ?? []) as Obj[];
      check(!rules.some((r) => r.resources.includes('nodes')), 'scraper rules off');
      check(
        rules.some((r) => r.resources.includes('secrets')),
        'secret reader on',
      );
      check(
        rules.some((r) => r.resources.includes('pods') && r.verbs.includes('create')),
        'pods',
      );
    },
  },
  {
    name: 'cluster mode, rbac.create=false and an existing ServiceAccount',
    args: [
      '--set',
      'kubernetes.enabled=true',
      '--set',
      'rbac.create=false',
      '--set',
      'serviceAccount.create=false',
      '--set',
      'serviceAccount.name=vigil-sa',
    ],
    expect: (o) => {
      check(!o.some((x) => /Role/.test(x.kind)), 'no RBAC objects');
      check(find(o, 'ServiceAccount').length === 0, 'no ServiceAccount');
      check(
        one(o, 'Deployment').spec?.template?.spec?.serviceAccountName === 'vigil-sa',
        'uses vigil-sa',
      );
    },
  },
  {
    name: 'no persistence',
    args: ['--set', 'persistence.enabled=false'],
    expect: (o) => {
      check(find(o, 'PersistentVolumeClaim').length === 0, 'no PVC');
      const vols = (one(o, 'Deployment').spec?.template?.spec?.volumes ?? []) as Obj[];
      check(vols.find((v) => v.name === 'data')?.emptyDir, 'data on an emptyDir');
    },
  },
  {
    name: 'an agent of a central Vigil, its token in the release Secret',
    args: [
      '--set',
      'agent.upstreamUrl=https://vigil.example.com',
      '--set',
      'agent.name=edge-eu',
      '--set',
      'agent.token=vgl_agent_0123456789abcdef',
    ],
    expect: (o) => {
      check(envOf(o, 'VIGIL_AGENT_OF')?.value === 'https://vigil.example.com', 'VIGIL_AGENT_OF');
      const ref = envOf(o, 'VIGIL_AGENT_TOKEN')?.valueFrom?.secretKeyRef;
      check(ref?.key === 'agent-token', 'VIGIL_AGENT_TOKEN from the release Secret');
      check(
        one(o, 'Secret').stringData?.['agent-token'] === 'vgl_agent_0123456789abcdef',
        'the token in that Secret',
      );
      const labels = one(o, 'Deployment').spec?.template?.metadata?.labels ?? {};
      check(labels['vigil.dev/agent'] === 'edge-eu', "the pod labelled with the agent's name");
    },
  },
  {
    name: "an agent whose token is in the user's own Secret (the console's Flux instructions)",
    args: [
      '--set',
      'agent.upstreamUrl=https://vigil.example.com',
      '--set',
      'agent.existingTokenSecret=vigil-agent-token',
    ],
    expect: (o) => {
      const ref = envOf(o, 'VIGIL_AGENT_TOKEN')?.valueFrom?.secretKeyRef;
      check(ref?.name === 'vigil-agent-token' && ref?.key === 'token', 'that Secret, key token');
    },
  },
];

/** Values the chart must refuse, and what the message must name. */
const rejections: { args: string[]; message: RegExp }[] = [
  { args: ['--set', 'replicaCount=two'], message: /replicaCount/ },
  { args: ['--set', 'logLevel=loud'], message: /logLevel/ },
  { args: ['--set', 'databaseUrl=mysql://db/vigil'], message: /databaseUrl/ },
  { args: ['--set', 'image.pullPolicy=Sometimes'], message: /pullPolicy/ },
  { args: ['--set', 'kubernetes.enable=true'], message: /enable/ },
  { args: ['--set', 'adminPassword=short'], message: /adminPassword/ },
  { args: ['--set', 'service.port=70000'], message: /port/ },
  { args: ['--set', 'resources.requests.memory=lots'], message: /memory/ },
  { args: ['--set', 'replicaCount=2'], message: /replicaCount > 1 needs an external PostgreSQL/ },
  {
    args: ['--set', 'databaseUrl=postgres://a/b', '--set', 'existingDatabaseSecret=s'],
    message: /not both/,
  },
  { args: ['--set', 'agent.upstreamUrl=https://c'], message: /needs the agent's access token/ },
  { args: ['--set', 'agent.token=t'], message: /needs agent.upstreamUrl/ },
  {
    args: ['--set', 'agent.upstreamUrl=ftp://c', '--set', 'agent.token=t'],
    message: /upstreamUrl/,
  },
];

/** config/default/vigil.yaml: the chart in cluster mode, Helm's own labels dropped. */
function kustomizeBase(): string {
  const r = run(HELM, [
    'template',
    'vigil',
    CHART,
    '--namespace',
    'vigil',
    '--include-crds',
    '--set',
    'kubernetes.enabled=true',
  ]);
  if (r.status !== 0) throw new Error(`helm template for config/default: ${r.stderr}`);
  const objects = docs(r.stdout).map((o) => {
    for (const labels of [o.metadata?.labels, o.spec?.template?.metadata?.labels]) {
      if (!labels) continue;
      delete labels['helm.sh/chart'];
      delete labels['app.kubernetes.io/managed-by'];
    }
    if (o.metadata?.annotations?.['helm.sh/resource-policy'])
      delete o.metadata.annotations['helm.sh/resource-policy'];
    if (o.metadata?.annotations && Object.keys(o.metadata.annotations).length === 0)
      delete o.metadata.annotations;
    return o;
  });
  return (
    '# Generated from charts/vigil (cluster mode) by `bash hack/helm-test.sh --update`: edit the\n' +
    '# chart, then regenerate. The CRDs come from crds/manifests (npm run gen:crds).\n' +
    objects.map((o) => YAML.stringify(o, { lineWidth: 0 })).join('---\n')
  );
}

async function main() {
  const started = Date.now();
  const version = run(HELM, ['version', '--short']).stdout.trim();
  // The validator itself: a wrong type must fail.
  const Deployment = await model('apps/v1', 'Deployment');
  let rejected = false;
  try {
    new (Deployment as NonNullable<typeof Deployment>)({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: { replicas: 'two', selector: {}, template: {} },
    }).validate();
  } catch {
    rejected = true;
  }
  check(rejected, 'kubernetes-models accepted a Deployment with replicas: "two"');
  console.log(`== helm ${version}: lint`);
  const lint = run(HELM, ['lint', '--strict', CHART]);
  check(lint.status === 0, `helm lint --strict:\n${lint.stdout}${lint.stderr}`);
  for (const c of cases) {
    const lintCase = run(HELM, [
      'lint',
      '--strict',
      CHART,
      ...c.args.filter((a) => a !== '--include-crds'),
    ]);
    check(lintCase.status === 0, `${c.name}: helm lint:\n${lintCase.stdout}${lintCase.stderr}`);
  }

  console.log(`== helm template: ${cases.length} value sets, each object against its schema`);
  for (const c of cases) {
    const before = failures;
    const { objects, status, stderr } = template(c.args);
    check(status === 0, `${c.name}: helm template failed: ${stderr}`);
    if (status !== 0) continue;
    check(objects.length > 0, `${c.name}: renders objects`);
    await validateAll(objects, c.name);
    c.expect(objects);
    console.log(`  ${failures === before ? 'ok  ' : 'FAIL'} ${c.name} (${objects.length} objects)`);
  }

  console.log('== NOTES.txt (helm install --dry-run=client)');
  const notes = (args: string[]) => {
    const r = run(HELM, ['install', 'vigil', CHART, '-n', 'vigil', '--dry-run=client', ...args]);
    check(r.status === 0, `helm install --dry-run ${args.join(' ')}: ${r.stderr}`);
    return r.stdout.slice(r.stdout.indexOf('NOTES:'));
  };
  const generated = notes([]);
  check(generated.includes('port-forward service/vigil 8080:8080'), 'NOTES: how to reach it');
  check(generated.includes('cat /data/initial-admin-password'), 'NOTES: the generated password');
  const fromSecret = notes([
    '--set',
    'existingAdminSecret=vigil-admin',
    '--set',
    'ingress.enabled=true',
    '--set',
    'ingress.host=vigil.example.org',
  ]);
  check(fromSecret.includes('secret vigil-admin'), 'NOTES: the password from its Secret');
  check(fromSecret.includes('http://vigil.example.org'), 'NOTES: the ingress URL');
  console.log('  ok   console URL and first admin password, per values');

  console.log(`== the values schema and the chart refuse bad values`);
  for (const r of rejections) {
    const { status, stderr } = template(r.args);
    const lines = stderr.trim().split('\n');
    const msg = lines.find((l) => r.message.test(l)) ?? lines[0] ?? '';
    check(status !== 0, `${r.args.join(' ')} was accepted`);
    check(r.message.test(stderr), `${r.args.join(' ')}: message does not name it: ${stderr}`);
    console.log(`  ${r.args.filter((a) => a !== '--set').join(' ')} -> ${msg.slice(0, 150)}`);
  }

  console.log('== config/default (kubectl kustomize)');
  const baseFile = path.join(ROOT, 'config/default/vigil.yaml');
  const want = kustomizeBase();
  if (update) {
    fs.writeFileSync(baseFile, want);
    console.log('  wrote config/default/vigil.yaml');
  }
  check(
    fs.existsSync(baseFile) && fs.readFileSync(baseFile, 'utf8') === want,
    "config/default/vigil.yaml is not the chart's current output: run bash hack/helm-test.sh --update",
  );
  const kust = run('kubectl', ['kustomize', 'config/default']);
  check(kust.status === 0, `kubectl kustomize config/default: ${kust.stderr}`);
  const base = docs(kust.stdout);
  await validateAll(base, 'config/default');
  for (const plural of KIND_PLURALS)
    check(
      base.some(
        (o) => o.kind === 'CustomResourceDefinition' && o.metadata.name.startsWith(`${plural}.`),
      ),
      `config/default: CRD ${plural}`,
    );
  for (const kind of [
    'Namespace',
    'ClusterRole',
    'Role',
    'Deployment',
    'Service',
    'PersistentVolumeClaim',
  ])
    check(find(base, kind).length > 0, `config/default: a ${kind}`);
  check(
    base.filter((o) => o.metadata?.namespace).every((o) => o.metadata.namespace === 'vigil'),
    'config/default: everything namespaced is in vigil',
  );
  console.log(`  ok   ${base.length} objects`);

  console.log('== config/flux (kubectl kustomize, HelmRelease values through the chart)');
  for (const dir of ['config/flux', 'config/flux/kustomize']) {
    const r = run('kubectl', ['kustomize', dir]);
    check(r.status === 0, `kubectl kustomize ${dir}: ${r.stderr}`);
    const objects = docs(r.stdout);
    await validateAll(objects, dir);
    for (const release of find(objects, 'HelmRelease')) {
      const values = path.join(
        fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-flux-')),
        'values.yaml',
      );
      fs.writeFileSync(values, YAML.stringify(release.spec?.values ?? {}));
      const t = template(['-f', values]);
      check(t.status === 0, `${dir}: HelmRelease ${release.metadata.name} values: ${t.stderr}`);
      fs.rmSync(path.dirname(values), { recursive: true, force: true });
      const ref = release.spec?.chart?.spec?.sourceRef ?? release.spec?.chartRef;
      check(
        objects.some((o) => o.kind === ref?.kind && o.metadata.name === ref?.name),
        `${dir}: HelmRelease's source ${ref?.kind}/${ref?.name} is defined`,
      );
    }
    console.log(`  ok   ${dir}: ${objects.map((o) => o.kind).join(', ')}`);
  }

  console.log("== the console's agent installation instructions, through the chart");
  {
    const install = {
      name: 'edge-eu',
      upstreamUrl: 'https://vigil.example.com',
      token: 'vgl_agent_0123456789abcdef',
    };
    const objects = docs(fluxManifest(install));
    await validateAll(objects, 'agent Flux manifest');
    const release = one(objects, 'HelmRelease');
    const values = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-agent-')), 'v.yaml');
    fs.writeFileSync(values, YAML.stringify(release.spec?.values ?? {}));
    const flux = template(['-f', values]);
    fs.rmSync(path.dirname(values), { recursive: true, force: true });
    check(flux.status === 0, `agent HelmRelease values: ${flux.stderr}`);
    const secret = one(objects, 'Secret');
    const ref = envOf(flux.objects, 'VIGIL_AGENT_TOKEN')?.valueFrom?.secretKeyRef;
    check(
      ref?.name === secret.metadata?.name && secret.stringData?.[ref?.key] === install.token,
      "the HelmRelease reads the token from the manifest's own Secret",
    );
    // The Helm CLI tab: its --set flags, as helm parses them.
    const sets = helmCommand(install)
      .split(/\s+/)
      .flatMap((word, i, words) => (words[i - 1] === '--set' ? ['--set', word] : []));
    const cli = template(sets);
    check(cli.status === 0, `agent helm install flags: ${cli.stderr}`);
    check(
      envOf(cli.objects, 'VIGIL_AGENT_OF')?.value === install.upstreamUrl,
      'CLI: VIGIL_AGENT_OF',
    );
    console.log('  ok   Flux manifest and Helm CLI flags render an agent');
  }

  console.log('== hack/kind-e2e.sh --render-only (what the kind test installs, without Docker)');
  const kind = run('bash', ['hack/kind-e2e.sh', '--render-only']);
  check(kind.status === 0, `kind-e2e.sh --render-only: ${kind.stderr}`);
  const kindObjects = docs(kind.stdout);
  await validateAll(kindObjects, 'kind-e2e');
  check(
    container(kindObjects).imagePullPolicy === 'Never',
    'kind-e2e: the loaded image, not pulled',
  );
  const crdKinds = new Set(
    find(kindObjects, 'CustomResourceDefinition').map(
      (c) => `${c.spec.group}/${c.spec.names.kind}`,
    ),
  );
  const samples = fs
    .readdirSync(path.join(ROOT, 'config/samples'))
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => docs(fs.readFileSync(path.join(ROOT, 'config/samples', f), 'utf8')));
  for (const s of samples)
    check(
      crdKinds.has(`${String(s.apiVersion).split('/')[0]}/${s.kind}`),
      `config/samples: ${s.kind} ${s.metadata?.name} has no CRD in the chart`,
    );
  console.log(
    `  ok   ${kindObjects.length} objects; ${samples.length} samples, each of a kind the chart installs`,
  );

  const seconds = Math.round((Date.now() - started) / 1000);
  if (failures) {
    console.error(`== ${failures} of ${checks} checks failed (${seconds} s)`);
    process.exit(1);
  }
  console.log(`== chart, kustomize and Flux: ${checks} checks passed in ${seconds} s`);
}

await main();
