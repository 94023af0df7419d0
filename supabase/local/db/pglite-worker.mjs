// Worker entry: the worker is TypeScript, and a worker thread starts without the loader of the
// thread that spawned it under vitest, so load it through tsx (as `npm start` runs the stack).
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-worker.ts', import.meta.url);
