// The early-paint path's import rules (eslint.config.js earlyZones, DESIGN.md §3): src/early reaches a
// feature only through its head-safe early.ts and never src/sync; the layers reach src/early only through
// its index (the hand-off), which imports data/ and below; shared/, domain/ and data/ never import it.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function lint(code: string, filePath: string): Promise<string> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((m) => m.severity === 2)
    .map((m) => `${m.ruleId}: ${m.message}`)
    .join('\n');
}

describe('src/early import rules', () => {
  it.each([
    [
      "import { useInstall } from '@/features/install/store';",
      'src/early/bad.ts',
      /head-safe early\.ts \('@\/features\/install\/early'\)/,
    ],
    ["import { fetchListingNow } from '@/sync/listing-on-demand';", 'src/early/bad.ts', /no sync engine or server/],
    ["import { recordEarlyClicks } from '@/early/clicks';", 'src/features/home/bad.ts', /through its hand-off/],
    ["import { startApp } from '@/early/start-app';", 'src/app/bad.ts', /through its hand-off/],
    ["import { takeEarlyListing } from '@/early';", 'src/data/bad.ts', /below src\/early/],
    ["import { takeEarlyListing } from '@/early';", 'src/shared/lib/bad.ts', /below src\/early/],
    ["import { fetchListingNow } from '@/sync/listing-on-demand';", 'src/early/listing-parts.ts', /no sync engine/],
    ["import { CarImage } from '@/entities/car';", 'src/early/listing-answer.ts', /hand-off .* imports data\//],
  ])('%s in %s fails', async (importLine, filePath, message) => {
    expect(await lint(`${importLine}\nexport const x = 1;\n`, filePath)).toMatch(message);
  });

  it.each([
    ["import { applyStoredSettingsEarly } from '@/features/accessibility/early';", 'src/early/ok.ts'],
    ["import { carArtDataUri } from '@/entities/car/components/car-art';", 'src/early/ok.ts'],
    ["import { DEFAULT_DB_NAME } from '@/data/db-name';", 'src/early/ok.ts'],
    ["import { AppShell } from '@/app/app-shell';", 'src/early/prerender/ok.tsx'],
    ["import { takeEarlyListing } from '@/early';", 'src/sync/ok.ts'],
    ["import { earlyListingParts } from '@/early';", 'src/features/listing/ok.ts'],
    ["import { replayEarlyClicks } from '@/early';", 'src/app/ok.ts'],
  ])('%s in %s passes', async (importLine, filePath) => {
    const errors = await lint(`${importLine}\nexport const x = 1;\n`, filePath);
    expect(errors).not.toMatch(/no-restricted-paths/);
  });
});
