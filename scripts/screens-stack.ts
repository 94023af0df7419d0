// The pieces `npm run screens:compare` runs per git ref: a worktree of the ref, its production build
// (cached by commit), the embedded stack from a seeded template (so every ref reads the same data) and
// Vite's preview of a build. Worktrees live outside node_modules: esbuild ignores tsconfig paths for
// files under node_modules, so the prerender plugin could not resolve '@/…' there.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_ANON_KEY } from '../supabase/local/jwt';

export const REPO = path.resolve(import.meta.dirname, '..');
export const WORKTREES = path.join(os.tmpdir(), 'screens-compare');
const BUILD_DIR = 'dist-screens';
// The checkout's own tools by path: npx in a worktree would not find them (no node_modules/.bin there).
const VITE = path.join(REPO, 'node_modules/vite/bin/vite.js');
const TSX = path.join(REPO, 'node_modules/tsx/dist/cli.mjs');

function git(...args: string[]): string {
  const r = spawnSync('git', args, { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout.trim();
}

export function resolveRef(ref: string): string {
  return git('rev-parse', '--verify', `${ref}^{commit}`);
}

/**
 * A detached worktree of the commit. Packages resolve from the main checkout's node_modules through a
 * link in the worktrees' parent folder (Node looks upwards); packages the ref names that the checkout has
 * not installed (a library since removed) are installed beside it and linked as its own node_modules.
 */
export function worktreeFor(commit: string): string {
  const dir = path.join(WORKTREES, commit.slice(0, 12));
  if (!existsSync(path.join(dir, 'package.json'))) {
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', dir, commit);
  }
  const shared = path.join(WORKTREES, 'node_modules');
  if (!existsSync(shared)) symlinkSync(path.join(REPO, 'node_modules'), shared);
  installMissing(dir);
  return dir;
}

function installMissing(dir: string): void {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const missing = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter(([name]) => !existsSync(path.join(REPO, 'node_modules', name, 'package.json')))
    .filter(([name]) => !existsSync(path.join(dir, 'node_modules', name, 'package.json')))
    .map(([name, range]) => `${name}@${range}`);
  if (!missing.length) return;
  console.log(`Installing what ${path.basename(dir)} needs beyond the checkout's packages: ${missing.join(' ')}`);
  // A folder of its own with a package.json, so npm installs just these and not the ref's whole tree.
  const extra = `${dir}-extra`;
  mkdirSync(extra, { recursive: true });
  writeFileSync(path.join(extra, 'package.json'), '{ "name": "screens-compare-extra", "private": true }\n');
  const r = spawnSync(
    'npm',
    ['install', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', ...missing],
    { cwd: extra, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error(`npm install ${missing.join(' ')} failed in ${extra}`);
  if (!existsSync(path.join(dir, 'node_modules'))) {
    symlinkSync(path.join(extra, 'node_modules'), path.join(dir, 'node_modules'));
  }
}

/** Builds the ref's app against the stack's URL once; a build for the same commit and URL is reused. */
export function buildOnce(worktree: string, apiUrl: string): void {
  const stamp = path.join(worktree, BUILD_DIR, '.screens-compare-api');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === apiUrl) {
    console.log(`Reusing the build in ${worktree}`);
    return;
  }
  console.log(`Building ${worktree} against ${apiUrl} ...`);
  const build = spawnSync(
    process.execPath,
    [VITE, 'build', '--outDir', BUILD_DIR, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: worktree,
      stdio: 'inherit',
      env: { ...process.env, VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_ANON_KEY: DEFAULT_ANON_KEY },
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed in ${worktree}`);
  writeFileSync(stamp, apiUrl);
}

export interface Child {
  stop(): Promise<void>;
}

/** Starts a command in its own process group, so stopping it stops its children too (tsx runs one). */
function startChild(args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

const running = new Set<ChildProcess>();

/** For Ctrl+C: the children are process-group leaders, so they would outlive us otherwise. */
export function killChildren(): void {
  for (const child of running) if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-pid, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 15_000);
  return exited.finally(() => clearTimeout(timer));
}

async function waitForUrl(url: string, child: ChildProcess, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** The stack's code at `worktree` on a copy of its seeded data dir (seeded once per commit, then copied). */
export async function startStack(worktree: string, apiPort: number, siteUrl: string): Promise<Child> {
  const template = `${worktree}-stack-template`;
  const start = (dataDir: string) =>
    startChild([TSX, 'supabase/local/cli.ts', '--demo-keys'], worktree, {
      STACK_PORT: String(apiPort),
      STACK_DATA_DIR: dataDir,
      SITE_URL: siteUrl,
      DATABASE_URL: '',
    });
  const health = `http://127.0.0.1:${apiPort}/health`;
  if (!existsSync(path.join(template, '.seeded'))) {
    console.log(`Seeding the stack template ${template} ...`);
    rmSync(template, { recursive: true, force: true });
    const seeding = start(template);
    await waitForUrl(health, seeding, 'the seeding stack', 300_000);
    await stopChild(seeding);
    writeFileSync(path.join(template, '.seeded'), new Date().toISOString());
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'screens-compare-data-'));
  cpSync(template, dataDir, { recursive: true });
  const stack = start(dataDir);
  await waitForUrl(health, stack, 'the stack', 120_000);
  return {
    async stop() {
      await stopChild(stack);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Vite's preview of the ref's build (its own vite.config.ts, so its headers and SPA fallback). */
export async function startPreview(worktree: string, appPort: number): Promise<Child> {
  const server = startChild(
    [VITE, 'preview', '--outDir', BUILD_DIR, '--port', String(appPort), '--strictPort', '--host', 'localhost'],
    worktree,
    {},
  );
  await waitForUrl(`http://localhost:${appPort}/`, server, 'vite preview', 60_000);
  return { stop: () => stopChild(server) };
}
