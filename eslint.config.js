// Lint = TypeScript-aware rules + DESIGN.md's import directions, enforced rather than remembered.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';

const features = fs.existsSync('src/features')
  ? fs.readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

// app -> features -> {data, sync} -> shared; sync -> data allowed, data -> sync not.
const zones = [
  { target: './src/shared', from: ['./src/app', './src/features', './src/data', './src/sync'], message: 'shared/ is the bottom layer.' },
  { target: './src/data', from: ['./src/app', './src/features', './src/sync'], message: 'data/ may only import shared/.' },
  { target: './src/sync', from: ['./src/app', './src/features'], message: 'sync/ may import data/ and shared/ only.' },
  { target: './src/features', from: ['./src/app'], message: 'features/ must not import app/.' },
  { target: './sw', from: ['./src/app', './src/features', './src/shared/ui'], message: 'sw/ imports sync/ and data/ only, never UI.' },
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'Features do not import each other; combine them in app/routes.',
  })),
];

const restricted = (allowedMsg) => ({
  paths: [
    { name: 'dexie', message: 'dexie is used only inside src/data.' },
    { name: 'dexie-react-hooks', message: 'dexie-react-hooks is used only inside src/data.' },
    { name: '@supabase/supabase-js', message: allowedMsg },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'dev-dist/**', 'test-results/**', 'playwright-report/**', 'tests/lint/fixtures/**'] },
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
      'import-x/no-restricted-paths': ['error', { zones }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/data/**', 'src/sync/**', 'src/shared/lib/**', 'src/features/auth/**'],
    rules: { 'no-restricted-imports': ['error', restricted('@supabase/supabase-js is used only in shared/lib, sync/ and the auth feature.')] },
  },
  {
    files: ['src/sync/**/*.ts', 'src/shared/lib/**/*.ts', 'src/features/auth/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [
        { name: 'dexie', message: 'dexie is used only inside src/data.' },
        { name: 'dexie-react-hooks', message: 'dexie-react-hooks is used only inside src/data.' },
      ] }],
    },
  },
);
