// The app under test: the working tree as it is when the bench starts (tracked and new files), copied to
// its own folder and built there with test hooks, so the bench measures HEAD plus whatever is being worked
// on, never touches dist/, and a file saved mid-build cannot mix two versions into one bundle.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_ANON_KEY } from '../../supabase/local/jwt';

/** Copies the tree to `dir`/src-copy, builds it for `apiUrl`; returns the build's folder. */
export function buildApp(dir: string, apiUrl: string): string {
  const root = process.cwd();
  const copy = path.join(dir, 'src-copy');
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  const files = execFileSync('git', ['ls-files', '-z', '-co', '--exclude-standard'], { cwd: root });
  const tar = spawnSync('sh', ['-c', `tar --null -T - -cf - 2>/dev/null | (cd "${copy}" && tar xf -)`], {
    cwd: root,
    input: files,
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  if (tar.status !== 0) throw new Error('copying the working tree failed');
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  const outDir = path.join(dir, 'dist');
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: copy,
    stdio: 'inherit',
    env: {
      ...process.env,
      VITE_SUPABASE_URL: apiUrl,
      VITE_SUPABASE_ANON_KEY: DEFAULT_ANON_KEY,
      VITE_EARLY_API_URL: '/supabase',
      VITE_TEST_HOOKS: '1',
    },
  });
  if (build.status !== 0) throw new Error('vite build failed');
  return outDir;
}
