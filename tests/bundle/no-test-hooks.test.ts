// The product bundle carries no test or bench hooks (issue 10 item 8; issue 31 hole 10: the `?__throw`
// crash probes): they load only in builds made with VITE_TEST_HOOKS=1. Builds both ways into temp
// folders; the flagged build must contain the markers, so the check cannot pass by searching for strings
// that never reach any bundle.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';

/** Strings only the hooks contain: window names, the opt-in key, the bench baseline, the crash probes. */
const HOOK_MARKERS = [
  '__motorlySync',
  '__motorlyBench',
  'motorly:test-hooks',
  'onlineToggleBookmark',
  '__throw',
  'Test error requested by',
];
const FAKE_SERVER_MARKER = 'new row violates row-level security policy';

const dirs: string[] = [];

function bundleText(dir: string): string {
  let text = '';
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) text += bundleText(file);
    else if (/\.(js|mjs|html)$/.test(name)) text += readFileSync(file, 'utf8');
  }
  return text;
}

async function buildWith(testHooks: boolean): Promise<string> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'motorly-bundle-'));
  dirs.push(outDir);
  const saved = process.env.VITE_TEST_HOOKS;
  if (testHooks) process.env.VITE_TEST_HOOKS = '1';
  else delete process.env.VITE_TEST_HOOKS;
  try {
    await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  } finally {
    if (saved === undefined) delete process.env.VITE_TEST_HOOKS;
    else process.env.VITE_TEST_HOOKS = saved;
  }
  return bundleText(outDir);
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('production bundle (issue 31 hole 10)', () => {
  it('contains no test or bench hooks nor the ?__throw crash probes, while a VITE_TEST_HOOKS=1 build does', async () => {
    const product = await buildWith(false);
    const testBuild = await buildWith(true);
    for (const marker of HOOK_MARKERS) {
      expect(testBuild, `test build lacks ${marker}`).toContain(marker);
      expect(product, `product bundle contains ${marker}`).not.toContain(marker);
    }
    expect(product).not.toContain(FAKE_SERVER_MARKER);
  }, 180_000);
});
