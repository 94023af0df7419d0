// Proves the import-direction rules of DESIGN.md are enforced by ESLint (eslint.config.js), not memory:
// each forbidden import below must fail lint, and an allowed one must pass.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function lint(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('forbidden imports fail lint', () => {
  it('a feature importing dexie', async () => {
    const errors = await lint("import Dexie from 'dexie';\nexport const D = Dexie;\n", 'src/features/x/bad.ts');
    expect(errors.join('\n')).toMatch(/no-restricted-imports: .*dexie is used only inside src\/data/);
  });

  it('a feature importing @supabase/supabase-js', async () => {
    const errors = await lint(
      "import { createClient } from '@supabase/supabase-js';\nexport const c = createClient;\n",
      'src/features/x/bad.ts',
    );
    expect(errors.join('\n')).toMatch(
      /no-restricted-imports: .*@supabase\/supabase-js is used only in src\/sync and the auth feature/,
    );
  });

  it('src/data importing src/sync', async () => {
    const errors = await lint("import * as sync from '../sync/index';\nexport const s = sync;\n", 'src/data/bad.ts');
    expect(errors.join('\n')).toMatch(/import-x\/no-restricted-paths: .*data\/ may only import domain\/ and shared\//);
  });

  it('a feature importing another feature', async () => {
    const errors = await lint(
      "import * as auth from '../auth/index';\nexport const a = auth;\n",
      'src/features/layout/bad.ts',
    );
    expect(errors.join('\n')).toMatch(/import-x\/no-restricted-paths: .*Features do not import each other/);
  });

  it('src/shared importing src/features', async () => {
    const errors = await lint(
      "import * as auth from '../../features/auth/index';\nexport const a = auth;\n",
      'src/shared/ui/bad.ts',
    );
    expect(errors.join('\n')).toMatch(/import-x\/no-restricted-paths: .*shared\/ is the bottom layer/);
  });
});

describe('the @/ alias does not bypass the rules', () => {
  it.each([
    ["import * as sync from '@/sync';", 'src/data/bad.ts', /data\/ may only import domain\/ and shared\//],
    ["import * as auth from '@/features/auth';", 'src/features/layout/bad.ts', /Features do not import each other/],
    ["import * as auth from '@/features/auth';", 'src/shared/ui/bad.ts', /shared\/ is the bottom layer/],
    ["import * as app from '@/app/app';", 'src/features/layout/bad.ts', /features\/ must not import app\//],
  ])('%s in %s', async (imp, file, message) => {
    const errors = await lint(`${imp}\nexport const x = 1;\n`, file);
    expect(errors.join('\n')).toMatch(message);
  });
});

describe('feature folders and the entity layer', () => {
  it.each([
    [
      "import { HomeScreen } from '@/features/home';",
      'src/features/browse/bad.ts',
      /Features do not import each other/,
    ],
    [
      "import { HomeScreen } from '../../home/components/home-screen';",
      'src/features/browse/components/bad.ts',
      /Features do not import each other/,
    ],
    [
      "import { BrandScreen } from './brand-screen';",
      'src/features/brand-model/components/other-screen.tsx',
      /A screen does not import another screen/,
    ],
    [
      "import { HomeScreen } from '@/features/home';",
      'src/entities/car/bad.ts',
      /entities\/ may import data\/, domain\/ and shared\/ only/,
    ],
    [
      "import { sendSyncCommand } from '@/sync';",
      'src/entities/car/bad.ts',
      /entities\/ may import data\/, domain\/ and shared\/ only/,
    ],
    [
      "import { App } from '@/app/app';",
      'src/entities/car/bad.ts',
      /entities\/ may import data\/, domain\/ and shared\/ only/,
    ],
    [
      "import { ListingCard } from '@/entities/car/components/listing-card';",
      'src/features/home/bad.ts',
      /Import entities\/car through its index/,
    ],
    [
      "import { ListingCard } from '@/entities/car';",
      'src/data/bad.ts',
      /data\/ may only import domain\/ and shared\//,
    ],
  ])('%s in %s', async (imp, file, message) => {
    const errors = await lint(`${imp}\nexport const x = 1;\n`, file);
    expect(errors.join('\n')).toMatch(message);
  });
});

describe('the car domain layer', () => {
  it.each([
    ["import { vedFor } from '@/domain/uk/ved';", 'src/shared/lib/bad.ts', /shared\/ is the bottom layer/],
    [
      "import { createQueryParser } from '../../domain/ai/parser';",
      'src/shared/ui/bad.ts',
      /shared\/ is the bottom layer/,
    ],
    [
      "import { useBookmarks } from '@/data/bookmarks';",
      'src/domain/uk/bad.ts',
      /domain\/ may import domain\/ and shared\/lib only/,
    ],
    [
      "import { sendSyncCommand } from '@/sync';",
      'src/domain/ai/bad.ts',
      /domain\/ may import domain\/ and shared\/lib only/,
    ],
    [
      "import { ListingCard } from '@/entities/car';",
      'src/domain/bad.ts',
      /domain\/ may import domain\/ and shared\/lib only/,
    ],
    [
      "import { Button } from '@/shared/ui/button';",
      'src/domain/uk/bad.ts',
      /domain\/ may import domain\/ and shared\/lib only/,
    ],
    [
      "import { BRANDS } from '../../../supabase/seed/data/brands';",
      'src/domain/uk/bad.ts',
      /The app never imports supabase\//,
    ],
    [
      "import { CATALOGUE_TABLES } from '../../src/data/types';",
      'supabase/seed/bad.ts',
      /supabase\/ may import the domain layer only/,
    ],
  ])('%s in %s', async (imp, file, message) => {
    const errors = await lint(`${imp}\nexport const x = 1;\n`, file);
    expect(errors.join('\n')).toMatch(message);
  });

  it('the domain imports shared/lib and itself; every app layer imports the domain', async () => {
    const own =
      "import { formatGBP } from '@/shared/lib/format';\nimport { vedFor } from '../uk/ved';\nexport const x = [formatGBP, vedFor];\n";
    expect(await lint(own, 'src/domain/ai/good.ts')).toEqual([]);
    const uk = "import { BODY_STYLES } from '@/domain/uk/body';\nexport const x = BODY_STYLES;\n";
    for (const file of [
      'src/data/good.ts',
      'src/sync/good.ts',
      'src/entities/car/good.ts',
      'src/features/home/good.ts',
      'src/app/good.ts',
      'sw/good.ts',
    ]) {
      expect(await lint(uk, file)).toEqual([]);
    }
  });
});

describe('feature entry points and the supabase/ zone', () => {
  it.each([
    [
      "import { AiSearchScreen } from '@/features/ai-search/ai-search-screen';",
      'src/app/routes/bad.tsx',
      /Import features\/ai-search through its index/,
    ],
    [
      "import { AuthScreen } from '../../features/auth/components/auth-screen';",
      'src/app/routes/bad.tsx',
      /Import features\/auth through its index/,
    ],
    [
      "import { BRANDS } from '../../../supabase/seed/data/brands';",
      'src/shared/lib/bad.ts',
      /The app never imports supabase\//,
    ],
    [
      "import { caller } from '../../supabase/functions/_shared/caller.ts';",
      'src/data/bad.ts',
      /The app never imports supabase\//,
    ],
    [
      "import { ListingCard } from '../../src/entities/car';",
      'supabase/seed/bad.ts',
      /supabase\/ may import the domain layer only/,
    ],
    [
      "import { sendSyncCommand } from '../../../src/sync';",
      'supabase/functions/x/bad.ts',
      /supabase\/ may import the domain layer only/,
    ],
    ["import { db } from '../../src/data/db';", 'supabase/seed/bad.ts', /supabase\/ may import the domain layer only/],
  ])('%s in %s', async (imp, file, message) => {
    const errors = await lint(`${imp}\nexport const x = 1;\n`, file);
    expect(errors.join('\n')).toMatch(message);
  });

  it('supabase/ imports the domain layer; a test in src may use the seed as fixtures', async () => {
    const domain =
      "import { parsePostcode } from '../../src/domain/uk/distance';\nimport type { Brand } from '../../src/data/types';\nexport const x = parsePostcode;\nexport type B = Brand;\n";
    expect(await lint(domain, 'supabase/seed/good.ts')).toEqual([]);
    const scoring = "export * from '../../../src/domain/ai/scoring.ts';\n";
    expect(await lint(scoring, 'supabase/functions/ml-recommendations/good.ts')).toEqual([]);
    const fixture =
      "import { generateCatalogue } from '../../supabase/seed/catalogue';\nexport const x = generateCatalogue;\n";
    expect(await lint(fixture, 'src/data/good.test.ts')).toEqual([]);
  });
});

describe('src/data is imported through its entry points', () => {
  it.each([
    ["import { useBookmarks } from '@/data';", 'src/features/home/bad.ts', /not the root of src\/data/],
    ["import { db } from '../data';", 'src/sync/bad.ts', /not the root of src\/data/],
    [
      "import { useBookmarks } from '@/data/hooks/use-bookmarks';",
      'src/features/home/bad.ts',
      /through its entry points/,
    ],
    ["import { createRow } from '../../data/outbox';", 'src/entities/car/bad.ts', /through its entry points/],
  ])('%s in %s', async (code, file, message) => {
    expect((await lint(code, file)).join('\n')).toMatch(message);
  });
});

describe('views never call Supabase and never hold the database', () => {
  it.each([
    ["import { getSupabase } from '@/sync/supabase-client';", 'src/features/home/bad.ts'],
    ["import { getSupabase } from '../../sync/supabase-client';", 'src/features/layout/bad.ts'],
    ["import { getSupabase } from '@/sync/supabase-client';", 'src/entities/car/bad.ts'],
    ["import { getSupabase } from '@/sync/supabase-client';", 'src/app/bad.ts'],
  ])('%s in %s', async (imp, file) => {
    const errors = await lint(`${imp}\nexport const x = getSupabase;\n`, file);
    expect(errors.join('\n')).toMatch(/Take the page's Supabase client from '@\/sync\/client', in an API module/);
  });

  // '@/sync/client' is for API modules; a component, a hook or a feature's other files call those.
  it.each([
    ["import { getSupabase } from '@/sync/client';", 'src/features/home/components/bad.tsx'],
    ["import { getSupabase } from '@/sync/client';", 'src/features/listing/hooks/use-bad.ts'],
    ["import { getSupabase } from '@/sync/client';", 'src/features/dealer-hub/stock-list-bad.ts'],
    ["import type { SupabaseClient } from '@/sync/client';", 'src/features/saved-searches/components/bad.ts'],
    ["import { getSupabase } from '../../sync/client';", 'src/features/privacy/bad-card.tsx'],
    ["import { getSupabase } from '@/sync/client';", 'src/features/auth/components/bad.tsx'],
    ["import { getSupabase } from '@/sync/client';", 'src/app/routes/bad.tsx'],
    ["import { getSupabase } from '@/sync/client';", 'src/entities/car/bad.ts'],
  ])('%s in %s', async (imp, file) => {
    const errors = await lint(`${imp}\nexport const x = getSupabase;\n`, file);
    expect(errors.join('\n')).toMatch(/Views never call Supabase: '@\/sync\/client' is for API modules/);
  });

  it('a dynamic import of the client from a view is refused too', async () => {
    const code = "export const load = () => import('@/sync/client');\n";
    const errors = await lint(code, 'src/features/home/components/bad.tsx');
    expect(errors.join('\n')).toMatch(/'@\/sync\/client' is for API modules/);
  });

  it("a feature's api/ module, the auth store and app/ boot code may take the client", async () => {
    const code = "import { getSupabase } from '@/sync/client';\nexport const x = getSupabase;\n";
    expect(await lint(code, 'src/features/home/api/good-api.ts')).toEqual([]);
    expect(await lint(code, 'src/features/admin/api/nested/good.ts')).toEqual([]);
    expect(await lint(code, 'src/features/auth/good-store.ts')).toEqual([]);
    expect(await lint(code, 'src/app/good-boot.ts')).toEqual([]);
    // A view's test may stand in for the client.
    expect(await lint(code, 'src/features/home/components/good.test.tsx')).toEqual([]);
  });

  it.each([
    ["import { db } from '@/data/db';", 'src/features/home/bad.ts'],
    ["import { db } from '@/data/db';", 'src/app/bad.ts'],
    ["import { db } from '../../data/db';", 'src/entities/car/bad.ts'],
    ["import { db } from '@/data/db';", 'src/features/auth/bad.ts'],
  ])('%s in %s', async (imp, file) => {
    const errors = await lint(`${imp}\nexport const x = db;\n`, file);
    expect(errors.join('\n')).toMatch(/no-restricted-imports: .*Views do not hand the database around/);
  });

  it('the auth feature and src/sync may use the client; a feature test may set up the store', async () => {
    const client = "import { getSupabase } from '@/sync/supabase-client';\nexport const x = getSupabase;\n";
    const viaEntry = "import { getSupabase } from '@/sync/client';\nexport const x = getSupabase;\n";
    expect(await lint(viaEntry, 'src/features/auth/good.ts')).toEqual([]);
    expect(await lint(client, 'src/sync/good.ts')).toEqual([]);
    // Features reach the sync layer through its entry only.
    expect((await lint(client, 'src/features/auth/bad.ts')).join('\n')).toMatch(/through its entry \('@\/sync'/);
    expect(
      await lint("import { db } from '@/data/db';\nexport const x = db;\n", 'src/features/home/good.test.ts'),
    ).toEqual([]);
  });
});

describe('file names', () => {
  it.each([
    'src/features/sync-status/components/SyncStatusBadge.tsx',
    'src/features/Home/good.ts',
    'src/shared/lib/url_params.ts',
  ])('%s is refused', async (file) => {
    expect((await lint('export const x = 1;\n', file)).join('\n')).toMatch(
      /local\/kebab-case-filename: .* is not kebab-case/,
    );
  });

  it('kebab-case names, dotted suffixes and _shared pass', async () => {
    for (const file of [
      'src/features/sync-status/components/sync-status-badge.test.tsx',
      'supabase/functions/_shared/caller.ts',
      'vite.config.ts',
    ]) {
      expect(await lint('export const x = 1;\n', file)).toEqual([]);
    }
  });
});

describe('allowed imports pass lint', () => {
  it('the app importing features through the alias', async () => {
    const code =
      "import { AuthScreen } from '@/features/auth/screens';\nimport { TopNav } from '@/features/layout';\nexport const ok = [AuthScreen, TopNav];\n";
    expect(await lint(code, 'src/app/good.tsx')).toEqual([]);
  });

  it('a feature importing shared/ and data/', async () => {
    const code =
      "import { cx } from '../../shared/ui/cx';\nimport { useBookmarks } from '../../data/bookmarks';\nexport const ok = [cx, useBookmarks];\n";
    expect(await lint(code, 'src/features/layout/good.ts')).toEqual([]);
  });

  it('the auth feature importing @supabase/supabase-js', async () => {
    const code = "import { createClient } from '@supabase/supabase-js';\nexport const c = createClient;\n";
    expect(await lint(code, 'src/features/auth/good.ts')).toEqual([]);
  });

  it('src/sync importing src/data', async () => {
    expect(
      await lint("import * as data from '../data/sync-queue';\nexport const d = data;\n", 'src/sync/good.ts'),
    ).toEqual([]);
  });

  it('a feature importing the car entity through its index', async () => {
    const code =
      "import { ListingCard, useModelEntries } from '@/entities/car';\nexport const ok = [ListingCard, useModelEntries];\n";
    expect(await lint(code, 'src/features/home/good.ts')).toEqual([]);
  });
});
