import fs from 'node:fs';
import path from 'node:path';
import { evaluate } from '../../health/cel.js';
import { resolveConnection } from '../../health/runners/sql.js';
import { globRegExp, normalizePattern } from '../../sandbox/collect.js';
import type { ActionContext, ActionRunner } from '../types.js';
import {
  ActionError,
  completed,
  envField,
  errorText,
  failed,
  guarded,
  isObject,
  setFields,
  stoppedText,
  text,
} from './common.js';
import { GitRepo } from './gitRepo.js';
import { parseExpression, patchText, type Op } from './gitopsPatch.js';

/**
 * The `gitops` action (crds.md §4.4): clones `repo` (url or connection, with username and
 * password), checks out `branch` — the existing one, or a new one from `base` (default: the
 * remote's default branch; `force` starts an existing branch afresh from base and force-pushes,
 * `skipExisting` leaves an existing branch alone) — writes `files`, applies `patches` (yq/jq path
 * assignments, gitopsPatch.ts; a patch's `if` is CEL over the run's params, config, component
 * and check), then commits as `commit.author` and pushes. result = {commit, branch, files}.
 * Pull requests (`pr`) need each forge's API and are refused, as are paths outside the
 * repository.
 */

const DEFAULT_AUTHOR = { name: 'Vigil', email: 'vigil@localhost' };

interface FileWrite {
  path: string;
  content: string;
}
interface Patch {
  path: string;
  ops: Op[];
  if?: string;
}

/** A repository path a spec names: relative, inside the working copy, never in .git. */
function repoPath(raw: unknown, field: string, glob: boolean): string {
  if (typeof raw !== 'string' || !raw.trim()) throw new ActionError(`${field} is required`);
  const p = normalizePattern(raw);
  if (!p || p === '.git' || p.startsWith('.git/') || (!glob && /[*?[]/.test(p)))
    throw new ActionError(
      `${field} ${raw} must be a ${glob ? 'file or glob' : 'file'} inside the repository, relative to its root (not in .git)`,
    );
  return p;
}

function filesOf(raw: unknown): FileWrite[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new ActionError('files must be a list of {path, content}');
  return raw.map((f: unknown, i) => {
    const entry = isObject(f) ? f : {};
    return {
      path: repoPath(entry.path, `files[${i}].path`, false),
      content: typeof entry.content === 'string' ? entry.content : '',
    };
  });
}

function patchesOf(raw: unknown): Patch[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new ActionError('patches must be a list of {path, yq or jq}');
  return raw.map((p: unknown, i) => {
    const entry = isObject(p) ? p : {};
    const yq = text(entry, 'yq');
    const jq = text(entry, 'jq');
    if (Boolean(yq) === Boolean(jq))
      throw new ActionError(`patches[${i}] needs yq or jq (one of them)`);
    const cond = text(entry, 'if');
    return {
      path: repoPath(entry.path, `patches[${i}].path`, true),
      ops: parseExpression((yq ?? jq) as string, `patches[${i}].${yq ? 'yq' : 'jq'}`),
      ...(cond?.trim() ? { if: cond } : {}),
    };
  });
}

/** A patch's `if`: "true"/"false" as the engine's templating left it, else CEL. */
function holds(cond: string, ctx: ActionContext, field: string): boolean {
  const t = cond.trim();
  if (t === 'true' || t === 'false') return t === 'true';
  const run = ctx.run;
  let value: unknown;
  try {
    value = evaluate(t, {
      params: run.parameters,
      config: run.config ?? {},
      component: run.component ?? {},
      check: run.check ?? {},
      playbook: run.playbook,
      run: { id: run.id },
    });
  } catch (err) {
    throw new ActionError(`${field}: ${errorText(err)}`);
  }
  if (typeof value !== 'boolean') throw new ActionError(`${field} must give true or false`);
  return value;
}

const inside = (dir: string, real: string) => real === dir || real.startsWith(`${dir}/`);

/** The working copy's files a patch path names (one file, or the files of a glob). */
function matching(dir: string, pattern: string, field: string): string[] {
  if (!/[*?[]/.test(pattern)) {
    const st = fs.lstatSync(path.join(dir, pattern), { throwIfNoEntry: false });
    if (!st?.isFile()) throw new ActionError(`${field} ${pattern} is not a file in the repository`);
    // A folder on the way may be a link out of the repository: never read there.
    if (!inside(dir, fs.realpathSync(path.join(dir, pattern))))
      throw new ActionError(
        `${field} ${pattern} is behind a symbolic link that leaves the repository`,
      );
    return [pattern];
  }
  const re = globRegExp(pattern);
  const found: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory() && e.name !== '.git') walk(child);
      else if (e.isFile() && re.test(child)) found.push(child);
    }
  };
  walk('');
  if (found.length === 0)
    throw new ActionError(`${field} ${pattern} matches no file in the repository`);
  return found.sort();
}

/** Writes inside the working copy only: a link in the repository may point anywhere. */
function safeWrite(dir: string, rel: string, content: string): void {
  const target = path.join(dir, rel);
  // Checked before any folder is made: mkdir -p would follow a link out of the repository.
  let existing = path.dirname(target);
  while (!fs.existsSync(existing)) existing = path.dirname(existing);
  if (!inside(dir, fs.realpathSync(existing)))
    throw new ActionError(`${rel} is behind a symbolic link that leaves the repository`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (fs.lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink())
    throw new ActionError(`${rel} is a symbolic link: Vigil does not write through it`);
  fs.writeFileSync(target, content);
}

async function repoOf(raw: unknown, ctx: ActionContext) {
  if (!isObject(raw)) throw new ActionError('repo is required: {url, branch, …}');
  const resolved = await resolveConnection(
    {
      connection: raw.connection,
      url: raw.url,
      username: envField(raw.username, 'repo.username'),
      password: envField(raw.password, 'repo.password'),
    },
    ctx,
  );
  if (typeof resolved === 'string') throw new ActionError(`repo: ${resolved}`);
  if (!resolved.url) throw new ActionError('repo.url is required (or a connection that has one)');
  return {
    url: resolved.url,
    username: resolved.username,
    password: resolved.password,
    branch: text(raw, 'branch'),
    base: text(raw, 'base'),
    force: raw.force === true,
    skipExisting: raw.skipExisting === true,
  };
}

export const gitopsAction: ActionRunner = (spec, ctx) =>
  guarded(async () => {
    if (setFields(spec, ['pr']).length)
      return failed(
        'pull requests are not supported here: leave pr out to push to the branch, and open the pull request on the forge',
      );
    const files = filesOf(spec.files);
    const patches = patchesOf(spec.patches);
    if (!files.length && !patches.length) return failed('files or patches are required');
    const commitSpec = isObject(spec.commit) ? spec.commit : {};
    const repoSpec = await repoOf(spec.repo, ctx);
    const repo = await GitRepo.open(
      repoSpec.url,
      { username: repoSpec.username, password: repoSpec.password },
      ctx.signal,
    );
    try {
      for (const name of [repoSpec.branch, repoSpec.base])
        if (name)
          await repo.git('check-ref-format', '--branch', name).catch(() => {
            throw new ActionError(`${name} is not a valid branch name`);
          });
      const wanted = [repoSpec.base, repoSpec.branch].filter((b): b is string => Boolean(b));
      const remote = await repo.remoteBranches(wanted);
      const base = repoSpec.base ?? remote.head;
      if (!base) return failed(`${repoSpec.url} has no default branch: set repo.base`);
      const branch = repoSpec.branch ?? base;
      const existing = remote.heads.get(branch);
      if (existing && repoSpec.skipExisting && branch !== base)
        return completed({ commit: existing, branch, files: [], skipped: 'the branch exists' });
      const from = existing && !repoSpec.force ? branch : base;
      if (!remote.heads.has(from) && from !== remote.head)
        return failed(`branch ${from} does not exist in ${repoSpec.url}`);
      await repo.start(branch, from);

      const root = fs.realpathSync(repo.dir);
      for (const f of files) safeWrite(root, f.path, f.content);
      for (const [i, p] of patches.entries()) {
        if (p.if !== undefined && !holds(p.if, ctx, `patches[${i}].if`)) continue;
        for (const file of matching(root, p.path, `patches[${i}].path`)) {
          const before = fs.readFileSync(path.join(root, file), 'utf8');
          let after: string;
          try {
            after = patchText(file, before, p.ops);
          } catch (err) {
            throw new ActionError(`patches[${i}]: ${file}: ${errorText(err)}`);
          }
          safeWrite(root, file, after);
        }
      }

      const changed = await repo.stageAll();
      const head = (await repo.git('rev-parse', 'HEAD')).trim();
      if (changed.length === 0) return completed({ commit: head, branch, files: [] });
      const run = ctx.run;
      const message =
        text(commitSpec, 'message') ??
        `${run.playbook.title || run.playbook.name}: playbook run ${run.id}`;
      const commit = await repo.commit(message, {
        name: text(commitSpec, 'author') ?? DEFAULT_AUTHOR.name,
        email: text(commitSpec, 'email') ?? DEFAULT_AUTHOR.email,
      });
      await repo.push(branch, repoSpec.force);
      return completed({ commit, branch, files: changed });
    } catch (err) {
      if (ctx.signal.aborted) return failed(stoppedText(ctx.signal));
      throw err;
    } finally {
      repo.close();
    }
  });
