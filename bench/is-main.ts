// Whether a bench module is the script node was started with (`tsx bench/x.ts`), so a bench that
// exports its measurements for another (bench/scale.ts) runs its own main() only when invoked.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && pathToFileURL(path.resolve(entry)).href === moduleUrl;
}
