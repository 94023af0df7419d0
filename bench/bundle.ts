// First-load JavaScript budget: gzip size of what "/" loads before any lazy chunk (the entry and its
// static imports, transitively), against the 120 KB target; and the heaviest route chunk on top of it.
// Builds first when dist/.vite/manifest.json is missing (or with --build).
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const TARGET_KB = 120;
const dist = path.resolve('dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');

if (process.argv.includes('--build') || !existsSync(manifestPath)) {
  console.log('Building (vite build)…');
  execSync('npx vite build', { stdio: 'inherit' });
}
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: enable build.manifest in vite.config.ts.');
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const gz = new Map<string, number>();
const gzipOf = (file: string): number => {
  let n = gz.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gz.set(file, n);
  }
  return n;
};

/** The chunk and everything it imports statically (what the browser fetches before running it). */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
if (!entryKey) {
  console.error('No index.html entry in the manifest.');
  process.exit(1);
}
const entryChunks = staticClosure(entryKey);
const jsFiles = (keys: Iterable<string>) => [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const sum = (files: string[]) => files.reduce((n, f) => n + gzipOf(f), 0);
const entryFiles = jsFiles(entryChunks);
const entryBytes = sum(entryFiles);
const entryCss = [...entryChunks].flatMap((k) => manifest[k].css ?? []);
const cssBytes = entryCss.reduce((n, f) => n + gzipOf(f), 0);

// Route chunks: the lazy screens in src/app/routes; count only what they add on top of the entry.
const routes = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry && manifest[k].src?.startsWith('src/app/routes/'))
  .map((k) => {
    const extra = jsFiles([...staticClosure(k)].filter((c) => !entryChunks.has(c)));
    return { route: manifest[k].src ?? k, files: extra, bytes: sum(extra) };
  })
  .sort((a, b) => b.bytes - a.bytes);
const largest = routes[0];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows: [string, string, string, string][] = [
  ['metric', 'measured (gzip)', 'target', 'ratio to target'],
  [
    'JS loaded for "/" (entry + static imports)',
    kb(entryBytes),
    `${TARGET_KB} KB`,
    `${(entryBytes / (TARGET_KB * 1024)).toFixed(2)}x`,
  ],
  [
    `largest route chunk (${largest ? path.basename(largest.route) : 'none'}, beyond entry)`,
    largest ? kb(largest.bytes) : '-',
    `${TARGET_KB} KB`,
    largest ? `${(largest.bytes / (TARGET_KB * 1024)).toFixed(2)}x` : '-',
  ],
  ['CSS loaded for "/" (info)', kb(cssBytes), '-', '-'],
];
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const [i, r] of rows.entries()) {
  console.log(r.map((c, j) => c.padEnd(widths[j])).join(' | '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
}
console.log('\nEntry files:');
for (const f of entryFiles) console.log(`  ${f.padEnd(40)} ${kb(gzipOf(f))}`);
console.log(`\nRoute chunks: ${routes.length}; heaviest five:`);
for (const r of routes.slice(0, 5)) console.log(`  ${r.route.padEnd(40)} ${kb(r.bytes)}`);
const pass = entryBytes <= TARGET_KB * 1024;
console.log(`\n${pass ? 'PASS' : 'OVER BUDGET'}: first-load JS ${kb(entryBytes)} vs ${TARGET_KB} KB target.`);
process.exitCode = pass ? 0 : 1;
