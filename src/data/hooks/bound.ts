// Binds a repository call to the app's store, so write hooks hand views functions instead of `db`.
import { db, type MotorlyDb } from '../db';

type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

/** A repository call with the app's store filled in as its first argument. */
export function bound<F extends (store: MotorlyDb, ...args: never[]) => unknown>(fn: F) {
  return (...args: Tail<Parameters<F>>): ReturnType<F> => fn(db, ...(args as never[])) as ReturnType<F>;
}
