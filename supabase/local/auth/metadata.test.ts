// Issue 31 hole 6: the metadata caps keep every token Auth can issue under Realtime's token cap (and
// Node's 16 KB header limit, which every REST request's Authorization header must fit).
import { describe, expect, it } from 'vitest';
import type { StackConfig } from '../types';
import { DEFAULT_MAX_TOKEN_BYTES } from '../realtime/admission';
import { AuthError } from './errors';
import { MAX_APP_METADATA_BYTES, MAX_USER_METADATA_BYTES, checkedMetadata, mergedMetadata } from './metadata';
import { signAccessToken } from './sessions';
import type { UserRow } from './users';

/** An object whose compact JSON is exactly `bytes` long, in 3-byte characters where they fit. */
function metadataOf(bytes: number): Record<string, unknown> {
  const room = bytes - JSON.stringify({ v: '' }).length;
  const wide = Math.floor(room / 3);
  const value = '€'.repeat(wide) + 'x'.repeat(room - wide * 3);
  const meta = { v: value };
  expect(Buffer.byteLength(JSON.stringify(meta))).toBe(bytes);
  return meta;
}

describe('issue 31 hole 6: metadata caps', () => {
  it('accepts metadata at the cap and refuses one byte more with validation_failed', () => {
    expect(checkedMetadata('user_metadata', metadataOf(MAX_USER_METADATA_BYTES))).toBeTruthy();
    expect(() => checkedMetadata('user_metadata', metadataOf(MAX_USER_METADATA_BYTES + 1))).toThrow(AuthError);
    expect(() => checkedMetadata('app_metadata', metadataOf(MAX_APP_METADATA_BYTES + 1))).toThrow(
      expect.objectContaining({ status: 400, code: 'validation_failed' }),
    );
  });

  it('checks the merged result, so small updates cannot add up past the cap', () => {
    const half = metadataOf(MAX_USER_METADATA_BYTES / 2 + 16);
    const merged = mergedMetadata('user_metadata', { a: half.v }, { b: 'small' });
    expect(merged).toEqual({ a: half.v, b: 'small' });
    expect(() => mergedMetadata('user_metadata', { a: half.v }, { b: half.v })).toThrow(AuthError);
    // Replacing a key frees its old value's room.
    expect(mergedMetadata('user_metadata', { a: half.v }, { a: 'short' })).toEqual({ a: 'short' });
  });

  it('a token with both metadata at their caps and the longest e-mail fits Realtime’s token cap', async () => {
    const config = { apiUrl: 'http://127.0.0.1:54321', jwtExpirySeconds: 3600, jwtSecret: 's'.repeat(40) };
    const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.co.uk`;
    const user = {
      id: '00000000-0000-4000-8000-000000000001',
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      raw_user_meta_data: metadataOf(MAX_USER_METADATA_BYTES),
      raw_app_meta_data: metadataOf(MAX_APP_METADATA_BYTES),
      is_anonymous: false,
    } as unknown as UserRow;
    const amr = [{ method: 'password', timestamp: 1_800_000_000 }];
    const { token } = await signAccessToken(config as StackConfig, user, '00000000-0000-4000-8000-000000000002', amr);
    expect(token.length).toBeLessThan(DEFAULT_MAX_TOKEN_BYTES);
  });
});
