// /storage/v1: the Supabase Storage API subset the unmodified supabase-js `storage` client uses (buckets;
// upload, upsert, download, list, remove, move, copy; public and signed URLs; image transformations).
// Object rows live in storage.objects (RLS as on hosted Supabase), the bytes in a BlobStore (blobs.ts).
import { Hono, type Context } from 'hono';
import type { StackContext } from '../types';
import { openBlobStore } from './blobs';
import type { StorageContext } from './context';
import { errorResponse, fromDbError, StorageHttpError } from './errors';
import { bucketRoutes } from './buckets';
import { listRoutes } from './list';
import { signRoutes } from './sign';
import { renderRoutes } from './render';
import { objectRoutes } from './objects';

/** Largest upload, whatever a bucket says (Supabase's per-project "upload file size limit"). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

type Handler = (c: Context) => Promise<Response>;

const handle =
  (fn: Handler): Handler =>
  async (c) => {
    try {
      return await fn(c);
    } catch (err) {
      return errorResponse(err instanceof StorageHttpError ? err : fromDbError(err));
    }
  };

export interface StorageService {
  routes: Hono;
  close(): Promise<void>;
}

/** `dataDir`: PGlite's data directory (files go under it); null on a PostgreSQL server (bytes in the database). */
export async function storageService(stack: StackContext, dataDir: string | null): Promise<StorageService> {
  const blobs = await openBlobStore(stack.db, dataDir);
  const s: StorageContext = { stack, blobs, maxUploadBytes: MAX_UPLOAD_BYTES };
  const app = new Hono();
  bucketRoutes(app, s, handle);
  listRoutes(app, s, handle);
  signRoutes(app, s, handle);
  renderRoutes(app, s, handle);
  objectRoutes(app, s, handle);
  app.all('*', (c) =>
    Promise.resolve(
      errorResponse(
        new StorageHttpError(404, 'NotFound', 'Not Found', `Route ${c.req.method}:${c.req.path} not found`),
      ),
    ),
  );
  return { routes: app, close: () => blobs.close() };
}
