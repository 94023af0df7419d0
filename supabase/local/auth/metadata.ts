// Size caps on the metadata every access token carries (user_metadata and app_metadata ride in each
// JWT): unbounded, one account's 600 KB of `data` made 800 KB tokens that Realtime held per channel.
// With both at their caps a token stays under Realtime's token cap and Node's 16 KB header limit.
import { AuthError } from './errors';

/** The largest user_metadata (compact JSON, UTF-8 bytes) sign-up, PUT /user and the admin API accept. */
export const MAX_USER_METADATA_BYTES = 8 * 1024;
/** The largest app_metadata (service role only, but it rides in the token too). */
export const MAX_APP_METADATA_BYTES = 2 * 1024;

export type MetadataKind = 'user_metadata' | 'app_metadata';

const LIMIT: Record<MetadataKind, number> = {
  user_metadata: MAX_USER_METADATA_BYTES,
  app_metadata: MAX_APP_METADATA_BYTES,
};

export function metadataBytes(value: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** Returns `value` when it fits its cap; otherwise GoTrue's 400 validation_failed. */
export function checkedMetadata(kind: MetadataKind, value: Record<string, unknown>): Record<string, unknown> {
  const limit = LIMIT[kind];
  if (metadataBytes(value) > limit) {
    throw new AuthError(400, 'validation_failed', `${kind} is too large: at most ${limit} bytes of JSON are allowed`);
  }
  return value;
}

/**
 * What a merge (jsonb `||`: the update's top-level keys replace the stored ones) leaves, checked
 * against the cap, so many small updates cannot grow it past the cap either.
 */
export function mergedMetadata(
  kind: MetadataKind,
  current: Record<string, unknown> | null,
  update: Record<string, unknown>,
): Record<string, unknown> {
  checkedMetadata(kind, update); // a huge update is refused before anything is merged
  return checkedMetadata(kind, { ...(current ?? {}), ...update });
}
