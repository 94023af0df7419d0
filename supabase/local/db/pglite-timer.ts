// Postgres's own statement_timeout inside PGlite. Postgres arms SIGALRM with setitimer(); Emscripten
// turns that into a JS setTimeout, which cannot fire while the WebAssembly runs a statement, so the
// timeout was never enforced. The filesystem's init() is the one place PGlite lets us adjust the
// Emscripten options: we wrap the module's imports so that the calls Postgres makes while it works
// (clock reads: pg_sleep spins on them; file reads and writes) deliver the alarm once it is due.
// Postgres then cancels the statement itself: SQLSTATE 57014, "canceling statement due to statement
// timeout", the transaction aborted, exactly as on a server. A statement that calls none of these
// (pure computation) is left to the worker's watchdog (pglite-client.ts).
import { MemoryFS, type PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Fn = (...args: never[]) => unknown;
type Imports = Record<string, Record<string, unknown>>;
type Emscripten = Record<string, unknown> & {
  instantiateWasm?: (
    imports: Imports,
    done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => unknown;
};
interface PgExports {
  _emscripten_timeout(which: number, now: number): void;
  GetConfigOption(name: number, missingOk: number, restrictPrivileged: number): number;
  PostgresMainLoopOnce?: unknown;
}

/** Imports Postgres calls often while it works: each checks whether the armed alarm is due. */
const CHECKED_IMPORTS = [
  'clock_time_get',
  'emscripten_get_now',
  'emscripten_date_now',
  'fd_pread',
  'fd_pwrite',
  'fd_read',
  'fd_write',
];

export interface StatementTimer {
  /** A setting's current value as Postgres reports it (statement_timeout in ms), or null. */
  setting(pg: PGlite, name: string): string | null;
}

/** A filesystem for `dataDir` (path or memory://) whose PGlite delivers Postgres's alarms on time. */
export function timedFilesystem(dataDir: string): { fs: NodeFS | MemoryFS; timer: StatementTimer } {
  const fs = dataDir.startsWith('memory://') ? new MemoryFS() : new NodeFS(dataDir);
  let exports: PgExports | null = null;
  let which = 0;
  let due = Infinity;

  const deliverIfDue = () => {
    if (due === Infinity || exports === null || performance.now() < due) return;
    due = Infinity;
    // Runs Postgres's SIGALRM handler now, as the kernel would; it re-arms the timer if it must.
    exports._emscripten_timeout(which, performance.now());
  };

  const hook = (imports: Imports) => {
    const env = imports.env;
    const setitimer = env._setitimer_js as ((w: number, ms: number) => number) | undefined;
    if (!setitimer) return;
    env._setitimer_js = (w: number, ms: number) => {
      which = w;
      due = ms ? performance.now() + ms : Infinity;
      return setitimer(w, ms);
    };
    for (const name of CHECKED_IMPORTS) {
      const original = env[name] as Fn | undefined;
      if (typeof original !== 'function') continue;
      env[name] = (...args: never[]) => {
        deliverIfDue();
        return original(...args);
      };
    }
  };

  const init = fs.init.bind(fs);
  fs.init = async (pg, options) => {
    const { emscriptenOpts } = await init(pg, options);
    const opts = emscriptenOpts as Emscripten;
    const instantiate = opts.instantiateWasm;
    if (instantiate) {
      opts.instantiateWasm = (imports, done) => {
        hook(imports);
        return instantiate(imports, (instance, module) => {
          const ex = instance.exports as unknown as PgExports;
          if (ex.PostgresMainLoopOnce) exports = ex;
          done(instance, module);
        });
      };
    }
    return { emscriptenOpts };
  };

  const timer: StatementTimer = {
    setting(pg, name) {
      if (!exports) return null;
      const mod = pg.Module as unknown as {
        stackSave(): number;
        stackRestore(sp: number): void;
        stringToUTF8OnStack(s: string): number;
        UTF8ToString(ptr: number): string;
      };
      const sp = mod.stackSave();
      try {
        const value = exports.GetConfigOption(mod.stringToUTF8OnStack(name), 0, 0);
        return value ? mod.UTF8ToString(value) : null;
      } finally {
        mod.stackRestore(sp);
      }
    },
  };
  return { fs, timer };
}
