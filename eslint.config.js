// Lint = TypeScript-aware rules + DESIGN.md's import directions, enforced rather than remembered.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';

const dirsIn = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
const features = dirsIn('src/features');
const entities = dirsIn('src/entities');

// src/early, the early-paint path (what runs before React), sits at the top beside app/: it may import any
// layer but sync/, a feature only through its head-safe early.ts. The layers reach it only through its index,
// the hand-off the head scripts leave on window, which imports data/ and below (sync/ reads it).
const EARLY_HAND_OFF = ['index.ts', 'clicks.ts', 'listing-answer.ts', 'listing-parts.ts', 'listing-request.ts'];
const earlyZones = [
  ...features.map((f) => ({
    target: './src/early',
    from: `./src/features/${f}`,
    except: ['./early.ts'],
    message: `src/early takes a feature's part of the boot from its head-safe early.ts ('@/features/${f}/early').`,
  })),
  {
    target: './src/early',
    from: './src/sync',
    message: 'src/early runs before the app: no sync engine or server client (its one request is a plain fetch).',
  },
  {
    target: ['./src/app', './src/features', './src/entities', './src/sync', './src/main.tsx', './sw'],
    from: './src/early',
    except: ['./index.ts'],
    message: "Import the early-paint path through its hand-off ('@/early').",
  },
  {
    target: ['./src/shared', './src/domain', './src/data'],
    from: './src/early',
    message: 'shared/, domain/ and data/ are below src/early: they do not import it.',
  },
  {
    target: EARLY_HAND_OFF.map((f) => `./src/early/${f}`),
    from: ['./src/app', './src/features', './src/entities', './src/sync'],
    message: "src/early's hand-off (its index and what that re-exports) imports data/ and below only.",
  },
];

// app -> features -> entities -> {data, sync} -> domain -> shared; sync -> data allowed, data -> sync not.
// domain/ is the car domain (UK facts, the AI search); shared/ is generic UI and utilities.
const zones = [
  {
    target: './src/shared',
    from: ['./src/app', './src/features', './src/entities', './src/data', './src/sync', './src/domain'],
    message: 'shared/ is the bottom layer.',
  },
  {
    target: './src/domain',
    from: [
      './src/app',
      './src/features',
      './src/entities',
      './src/data',
      './src/sync',
      './src/shared/ui',
      './src/main.tsx',
    ],
    message: 'domain/ may import domain/ and shared/lib only.',
  },
  {
    target: './src/data',
    from: ['./src/app', './src/features', './src/entities', './src/sync'],
    message: 'data/ may only import domain/ and shared/.',
  },
  {
    target: './src/sync',
    from: ['./src/app', './src/features', './src/entities'],
    message: 'sync/ may import data/, domain/ and shared/ only.',
  },
  {
    target: './src/entities',
    from: ['./src/app', './src/features', './src/sync'],
    message: 'entities/ may import data/, domain/ and shared/ only (not features, app or sync).',
  },
  { target: './src/features', from: ['./src/app'], message: 'features/ must not import app/.' },
  {
    target: './sw',
    from: ['./src/app', './src/features', './src/entities', './src/shared/ui'],
    message: 'sw/ imports sync/ and data/ only, never UI.',
  },
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'Features do not import each other; combine them in app/routes.',
  })),
  ...entities.flatMap((e) => [
    {
      target: ['./src/app', './src/features'],
      from: `./src/entities/${e}`,
      except: ['./index.ts'],
      message: `Import entities/${e} through its index ('@/entities/${e}').`,
    },
    ...entities
      .filter((other) => other !== e)
      .map((other) => ({
        target: `./src/entities/${e}`,
        from: `./src/entities/${other}`,
        message: 'Entities do not import each other.',
      })),
  ]),
  {
    // Product screens; app/errors' error screens (one shell wrapping another) are not routes' screens.
    target: './src/features/**/*-screen.tsx',
    from: './src/**/*-screen.tsx',
    message: 'A screen does not import another screen; move the shared piece to a lib file or the entity layer.',
  },
  // Views never call Supabase: the page-wide client is reached through '@/sync/client' (see productZones).
  {
    target: [
      './src/app',
      './src/entities',
      './src/data',
      './src/shared',
      './src/main.tsx',
      './sw',
      ...features.filter((f) => f !== 'auth').map((f) => `./src/features/${f}`),
    ],
    from: './src/sync/supabase-client.ts',
    message: "Take the page's Supabase client from '@/sync/client', in an API module (src/features/<x>/api).",
  },
  ...earlyZones,
];

// Product code only (tests may reach inside a feature and use the seed as fixtures).
const productZones = [
  // The sync engine has one entry point; online-only API clients live with the features that call them.
  {
    target: ['./src/app', './src/features', './src/entities'],
    from: './src/sync',
    // foreground-notice.ts: one message to the leader, light enough for a screen's chunk (no engine behind it).
    except: ['./index.ts', './client.ts', './foreground-notice.ts'],
    message:
      "Import the sync layer through its entry ('@/sync', or '@/sync/client' for the page's Supabase client); add what you need there.",
  },
  // Views never call Supabase: only API modules (a feature's api/ folder, the auth feature's store) take the
  // page's client; components, hooks and the layers below call those modules or read the local store.
  {
    target: [
      './src/**/*.tsx',
      './src/**/use-*.ts',
      './src/features/!(auth)/*.ts',
      './src/features/*/!(api)/**',
      './src/entities',
      './src/early',
      './src/domain',
      './src/shared',
    ],
    from: './src/sync/client.ts',
    message:
      "Views never call Supabase: '@/sync/client' is for API modules (src/features/<x>/api/*.ts); call one from here.",
  },
  // A feature's index.ts is what app/ may import; auth's light index has a second entry for its screens.
  ...features.map((f) => ({
    target: './src/app',
    from: `./src/features/${f}`,
    except: f === 'auth' ? ['./index.ts', './screens.ts'] : ['./index.ts'],
    message: `Import features/${f} through its index ('@/features/${f}'); add what app/ needs there.`,
  })),
  {
    target: ['./src', './sw'],
    from: './supabase',
    message:
      'The app never imports supabase/; shared code lives in src/domain (or src/shared/lib) and supabase/ imports it.',
  },
];

// supabase/ (seed, functions, local stack) may import src/domain, src/shared/lib and the row types (types only).
const SUPABASE_ZONE_MESSAGE = 'supabase/ may import the domain layer only (src/domain, src/shared/lib, row types).';
const supabaseZones = [
  {
    target: './supabase',
    from: ['./src/app', './src/features', './src/entities', './src/sync', './src/shared/ui', './src/main.tsx'],
    message: SUPABASE_ZONE_MESSAGE,
  },
  {
    target: './supabase',
    from: './src/data',
    except: ['./types.ts'],
    message: SUPABASE_ZONE_MESSAGE,
  },
];

const DEXIE_ONLY_IN_DATA = [
  { name: 'dexie', message: 'dexie is used only inside src/data.' },
  { name: 'dexie-react-hooks', message: 'dexie-react-hooks is used only inside src/data.' },
];
const SUPABASE_JS = {
  name: '@supabase/supabase-js',
  message: '@supabase/supabase-js is used only in src/sync and the auth feature.',
};
const DB_MESSAGE =
  'Views do not hand the database around: use a data hook (e.g. useToggleBookmark()) or add one in src/data/hooks.';

// src/data has no root barrel: callers import a concept's entry point ('@/data/bookmarks', '@/data/types', ...).
const DATA_ROOT = {
  regex: '^(@/data|(\\.\\./)+data)(/index)?$',
  message: "Import a data entry point (e.g. '@/data/bookmarks', '@/data/types'), not the root of src/data.",
};
// The entry points views may import; anything else in src/data (hooks/, repositories/, outbox...) is internal.
const DATA_ENTRIES = [
  'types',
  'db',
  'db-name',
  'pull-columns',
  'dexie-library',
  'schema-step',
  'catalogue',
  'catalogue/[a-z-]+',
  'dealer-stock',
  'listing-photos',
  'listing-photos/photo-files',
  'offline-pack',
  'sync-queue',
  'bookmarks',
  'notifications',
  'price-alerts',
  'saved-searches',
  'preferences',
  'leads',
  'admin',
  'personalisation',
  'error-reports',
  'device',
  'store-modules',
];
const DATA_DEEP = {
  regex: `^(@/|(\\.\\./)+)data/(?!(${DATA_ENTRIES.join('|')})$)`,
  message:
    "Import src/data through its entry points ('@/data/bookmarks', '@/data/leads', ...); add what you need there.",
};

/** no-restricted-imports options: dexie outside data, supabase-js outside sync/auth, the db outside data/sync. */
function restricted({ dexie = true, supabase = true, db = false } = {}) {
  return {
    paths: [...(dexie ? DEXIE_ONLY_IN_DATA : []), ...(supabase ? [SUPABASE_JS] : [])],
    patterns: [DATA_ROOT, ...(db ? [{ group: ['**/data/db', '@/data/db'], message: DB_MESSAGE }, DATA_DEEP] : [])],
  };
}

// File and folder names are kebab-case (a folder may start with '_', Supabase's '_shared' convention).
const KEBAB_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const KEBAB_DIR = /^_?[a-z0-9]+(?:-[a-z0-9]+)*$/;
const local = {
  rules: {
    'kebab-case-filename': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: { bad: "'{{name}}' is not kebab-case (e.g. sync-status-badge.tsx)." },
      },
      create(context) {
        return {
          Program(node) {
            const rel = path.relative(context.cwd, context.filename);
            if (rel.startsWith('..') || path.isAbsolute(rel)) return;
            const parts = rel.split(path.sep);
            const file = parts.pop();
            const bad = [...parts.filter((d) => !KEBAB_DIR.test(d)), ...(KEBAB_FILE.test(file) ? [] : [file])];
            for (const name of bad) context.report({ node, messageId: 'bad', data: { name } });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'dev-dist/**',
      'test-results/**',
      'playwright-report/**',
      'tests/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    // The '@/' alias must resolve too, or alias imports would slip past no-restricted-paths.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], alias: { '@': [path.resolve('src')] } }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...supabaseZones] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Lines of at most 120 characters (Prettier wraps code; long strings and URLs are left whole).
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { local },
    rules: { 'local/kebab-case-filename': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...productZones] }] },
  },
  // Later blocks override earlier ones for the files they match.
  { files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'], rules: { 'no-restricted-imports': ['error', restricted()] } },
  { files: ['src/data/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', restricted({ dexie: false })] } },
  { files: ['src/sync/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', restricted({ supabase: false })] } },
  {
    files: [
      'src/app/**/*.{ts,tsx}',
      'src/features/**/*.{ts,tsx}',
      'src/entities/**/*.{ts,tsx}',
      'src/early/**/*.{ts,tsx}',
      'src/main.tsx',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', restricted({ db: true })] },
  },
  {
    files: ['src/features/auth/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', restricted({ supabase: false, db: true })] },
  },
  // supabase/ takes only the row types from src/data: a value import would run app code in the seed or Deno.
  {
    files: ['supabase/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/data/types', '**/src/data/types.ts'],
              allowTypeImports: true,
              message: SUPABASE_ZONE_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  // Tests set up and inspect the store directly.
  {
    files: ['src/features/auth/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', restricted({ supabase: false })] },
  },
);
