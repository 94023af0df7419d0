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
    const errors = await lint("import { createClient } from '@supabase/supabase-js';\nexport const c = createClient;\n", 'src/features/x/bad.ts');
    expect(errors.join('\n')).toMatch(/no-restricted-imports: .*@supabase\/supabase-js is used only in shared\/lib, sync\/ and the auth feature/);
  });

  it('src/data importing src/sync', async () => {
    const errors = await lint("import * as sync from '../sync/index';\nexport const s = sync;\n", 'src/data/bad.ts');
    expect(errors.join('\n')).toMatch(/import-x\/no-restricted-paths: .*data\/ may only import shared\//);
  });

  it('a feature importing another feature', async () => {
    const errors = await lint("import * as auth from '../auth/index';\nexport const a = auth;\n", 'src/features/layout/bad.ts');
    expect(errors.join('\n')).toMatch(/import-x\/no-restricted-paths: .*Features do not import each other/);
  });

  it('src/shared importing src/features', async () => {
    const errors = await lint("import * as auth from '../../features/auth/index';\nexport const a = auth;\n", 'src/shared/ui/bad.ts');
    expect(errors.join('\n')).toMatch(/import-x\/no-restricted-paths: .*shared\/ is the bottom layer/);
  });
});

describe('the @/ alias does not bypass the rules', () => {
  it.each([
    ["import * as sync from '@/sync';", 'src/data/bad.ts', /data\/ may only import shared\//],
    ["import * as auth from '@/features/auth';", 'src/features/layout/bad.ts', /Features do not import each other/],
    ["import * as auth from '@/features/auth';", 'src/shared/ui/bad.ts', /shared\/ is the bottom layer/],
    ["import * as app from '@/app/app';", 'src/features/layout/bad.ts', /features\/ must not import app\//],
  ])('%s in %s', async (imp, file, message) => {
    const errors = await lint(`${imp}\nexport const x = 1;\n`, file);
    expect(errors.join('\n')).toMatch(message);
  });
});

describe('allowed imports pass lint', () => {
  it('the app importing features through the alias', async () => {
    const code = "import { AuthScreen } from '@/features/auth/components/auth-screen';\nimport { TopNav } from '@/features/layout';\nexport const ok = [AuthScreen, TopNav];\n";
    expect(await lint(code, 'src/app/good.tsx')).toEqual([]);
  });

  it('a feature importing shared/ and data/', async () => {
    const code = "import { cx } from '../../shared/ui/cx';\nimport * as data from '../../data/index';\nexport const ok = [cx, data];\n";
    expect(await lint(code, 'src/features/layout/good.ts')).toEqual([]);
  });

  it('the auth feature importing @supabase/supabase-js', async () => {
    const code = "import { createClient } from '@supabase/supabase-js';\nexport const c = createClient;\n";
    expect(await lint(code, 'src/features/auth/good.ts')).toEqual([]);
  });

  it('src/sync importing src/data', async () => {
    expect(await lint("import * as data from '../data/index';\nexport const d = data;\n", 'src/sync/good.ts')).toEqual([]);
  });
});
