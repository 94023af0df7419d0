// `npm run test:deno`: runs every edge function the way hosted Supabase's Deno-based Edge Runtime loads it,
// so a mistake fails here rather than at deploy. Per function (supabase/functions/<name>/, not _*):
//   1. import map: every bare import in the function's own code is an entry of its deno.json (Deno would
//      otherwise quietly fall back to this checkout's node_modules, which a deploy does not have);
//   2. deno lint for Node-only globals (process, Buffer, ...) and extension-less imports;
//   3. deno check of index.ts (an import without its .ts extension fails here);
//   4. deno test of the function's *.test.ts (the handler tests; they run under vitest too).
// `npm run test:deno -- <name> ...` checks only those functions.
// Offline: npm packages come from node_modules (--node-modules-dir=manual), installed by `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FUNCTIONS = path.join(ROOT, 'supabase/functions');
const DENO = path.join(ROOT, 'node_modules/.bin/deno');
const env = {
  ...process.env,
  DENO_NO_UPDATE_CHECK: '1',
  DENO_NO_PROMPT: '1',
  DENO_DIR: process.env.DENO_DIR ?? path.join(ROOT, 'node_modules/.cache/deno'),
};
const LINT_RULES = 'no-node-globals,no-process-global,no-sloppy-imports';

function deno(args: string[], capture = false): { ok: boolean; stdout: string } {
  const run = spawnSync(DENO, args, { cwd: ROOT, env, encoding: 'utf8', stdio: capture ? 'pipe' : 'inherit' });
  if (run.error) throw run.error;
  if (capture && run.status !== 0) process.stderr.write(run.stderr);
  return { ok: run.status === 0, stdout: run.stdout ?? '' };
}

interface DenoInfo {
  modules: { specifier: string; dependencies?: { specifier: string }[] }[];
}

/**
 * The checkout's files in the module graph of `entry` (the function's own and the domain code it imports from
 * src/, e.g. src/shared/lib/ai/scoring.ts), and their bare imports its import map lacks.
 */
function graph(entry: string, config: string, imports: Record<string, string>) {
  const info = deno(['info', '--json', '--no-lock', '--node-modules-dir=manual', '--config', config, entry], true);
  if (!info.ok) return { files: [], problems: [`${path.relative(ROOT, entry)}: deno info failed`] };
  const own = `file://${ROOT}/`;
  const dependency = `file://${ROOT}/node_modules/`;
  const mapped = (spec: string) =>
    spec in imports || Object.keys(imports).some((key) => key.endsWith('/') && spec.startsWith(key));
  const files: string[] = [];
  const problems: string[] = [];
  for (const mod of (JSON.parse(info.stdout) as DenoInfo).modules) {
    if (!mod.specifier.startsWith(own) || mod.specifier.startsWith(dependency)) continue;
    const file = fileURLToPath(mod.specifier);
    files.push(file);
    for (const { specifier } of mod.dependencies ?? []) {
      if (/^\.{0,2}\//.test(specifier) || specifier.startsWith('node:')) continue;
      const where = path.relative(ROOT, file);
      if (/^[a-z]+:/.test(specifier)) problems.push(`${where}: '${specifier}' belongs in deno.json "imports"`);
      else if (!mapped(specifier)) problems.push(`${where}: '${specifier}' is not in deno.json "imports"`);
    }
  }
  return { files, problems };
}

function checkFunction(name: string): string[] {
  const dir = path.join(FUNCTIONS, name);
  const config = path.join(dir, 'deno.json');
  if (!existsSync(config)) return [`${name}: no deno.json`];
  const imports = (JSON.parse(readFileSync(config, 'utf8')) as { imports?: Record<string, string> }).imports ?? {};
  const entry = path.join(dir, 'index.ts');
  const tests = readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));
  const common = ['--no-lock', '--node-modules-dir=manual', '--config', config];

  const graphs = [entry, ...tests].map((file) => graph(file, config, imports));
  const failures = graphs.flatMap((g) => g.problems);
  const files = [...new Set(graphs.flatMap((g) => g.files))];
  const lint = ['lint', '--config', config, '--rules-tags=', `--rules-include=${LINT_RULES}`, ...files];
  if (!deno(lint).ok) failures.push(`${name}: deno lint`);
  if (!deno(['check', ...common, entry]).ok) failures.push(`${name}: deno check index.ts`);
  if (tests.length === 0) failures.push(`${name}: no handler tests (*.test.ts)`);
  else if (!deno(['test', ...common, '--no-remote', ...tests]).ok) failures.push(`${name}: deno test`);
  return [...new Set(failures)];
}

const names = readdirSync(FUNCTIONS, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(path.join(FUNCTIONS, d.name, 'index.ts')))
  .map((d) => d.name)
  .filter((name) => process.argv.length <= 2 || process.argv.slice(2).includes(name))
  .sort();
const failures: string[] = [];
for (const name of names) {
  console.log(`-- ${name}`);
  failures.push(...checkFunction(name));
}
if (failures.length) {
  console.error(`\nEdge functions failed under Deno:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`Edge functions OK under Deno: ${names.join(', ')}`);
