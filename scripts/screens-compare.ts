// `npm run screens:compare -- <base-ref> [<head-ref>]`: do the screens look the same at two commits?
// Each ref is checked out in a worktree and built for production once (cached by commit); both read the
// same data: one embedded stack, the head ref's code on a copy of one seeded template, fresh per ref. A
// list of routes is shot at 390 and 1280 px as a signed-out visitor (plus /account and /bookmarks as the
// demo shopper), the pairs are compared with pixelmatch, and a table of differing pixels is printed.
// Screenshots and diff PNGs go to node_modules/.cache/screens-compare/. Ports 56130 (app) and 56131 (API)
// unless SCREENS_APP_PORT / SCREENS_API_PORT say otherwise.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from './chromium-args';
import { captureAll, routesFor, WIDTHS, type Route } from './screens-capture';
import { comparePngs, type PairDiff } from './screens-diff';
import { buildOnce, killChildren, REPO, resolveRef, startPreview, startStack, worktreeFor } from './screens-stack';

const OUT = path.join(REPO, 'node_modules/.cache/screens-compare');
const APP_PORT = Number(process.env.SCREENS_APP_PORT ?? 56130);
const API_PORT = Number(process.env.SCREENS_API_PORT ?? 56131);
const APP_URL = `http://localhost:${APP_PORT}`;
const API_URL = `http://127.0.0.1:${API_PORT}`;

interface Side {
  label: 'base' | 'head';
  commit: string;
  worktree: string;
  shots: string;
}

function usage(): never {
  console.error('Usage: npm run screens:compare -- <base-ref> [<head-ref>]   (head defaults to HEAD)');
  process.exit(2);
}

/** Shoots one side: its build served on the app port, the shared stack's code on a fresh data copy. */
async function shoot(side: Side, stackWorktree: string): Promise<Route[]> {
  console.log(`\n${side.label} ${side.commit.slice(0, 12)}: shooting into ${side.shots}`);
  const stack = await startStack(stackWorktree, API_PORT, APP_URL);
  try {
    const preview = await startPreview(side.worktree, APP_PORT);
    try {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      });
      try {
        const routes = await routesFor(API_URL);
        rmSync(side.shots, { recursive: true, force: true });
        const results = await captureAll(browser, { appUrl: APP_URL, apiUrl: API_URL, routes, outDir: side.shots });
        const unsettled = results.filter((r) => !r.settled);
        if (unsettled.length)
          console.log(`  never settled: ${unsettled.map((r) => `${r.route.name}@${r.width}`).join(', ')}`);
        return routes;
      } finally {
        await browser.close();
      }
    } finally {
      await preview.stop();
    }
  } finally {
    await stack.stop();
  }
}

function table(rows: { route: Route; width: number; diff: PairDiff }[]): void {
  const lines = rows.map(({ route, width, diff }) => [
    route.name,
    route.path.length > 40 ? `${route.path.slice(0, 37)}...` : route.path,
    String(width),
    diff.differing < 0 ? 'missing' : diff.percent === 0 ? '0' : diff.percent < 0.01 ? '<0.01' : diff.percent.toFixed(2),
    String(diff.differing),
    diff.sizes,
  ]);
  const header = ['route', 'path', 'width', 'diff %', 'pixels', 'size (base -> head)'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${fmt(header)}\n${fmt(widths.map((w) => '-'.repeat(w)))}`);
  for (const l of lines) console.log(fmt(l));
}

async function main(): Promise<void> {
  const [baseRef, headRef = 'HEAD'] = process.argv.slice(2).filter((a) => a !== '--');
  if (!baseRef) usage();
  const sides: Side[] = [
    ['base', baseRef],
    ['head', headRef],
  ].map(([label, ref]) => {
    const commit = resolveRef(ref!);
    return {
      label: label as Side['label'],
      commit,
      worktree: worktreeFor(commit),
      shots: path.join(OUT, 'shots', `${label}-${commit.slice(0, 12)}`),
    };
  });
  // Builds first, one after the other: the CPU is shared, and a failing build should stop us before shooting.
  for (const side of sides) buildOnce(side.worktree, API_URL);
  const stackWorktree = sides[1]!.worktree;
  let routes: Route[] = [];
  for (const side of sides) routes = await shoot(side, stackWorktree);

  const diffDir = path.join(OUT, 'diff');
  rmSync(diffDir, { recursive: true, force: true });
  mkdirSync(diffDir, { recursive: true });
  const rows = WIDTHS.flatMap((width) =>
    routes.map((route) => {
      const name = `${route.name}-${width}.png`;
      const diff = comparePngs(
        path.join(sides[0]!.shots, name),
        path.join(sides[1]!.shots, name),
        path.join(diffDir, name),
      );
      return { route, width, diff };
    }),
  );
  console.log(
    `\nbase ${sides[0]!.commit.slice(0, 12)} (${baseRef}) -> head ${sides[1]!.commit.slice(0, 12)} (${headRef})`,
  );
  table(rows);
  const changed = rows.filter((r) => r.diff.differing !== 0).length;
  console.log(
    `\n${changed} of ${rows.length} screenshots differ or are missing; diffs in ${diffDir}, shots in ${path.join(OUT, 'shots')}`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killChildren();
    process.exit(130);
  });
}

main().catch((err: unknown) => {
  killChildren();
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
