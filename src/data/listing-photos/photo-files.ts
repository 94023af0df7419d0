// Listing photos: their Storage addresses and the checks a picked file passes before it is queued.
// The URLs are the ones supabase-js's storage.from(bucket).getPublicUrl(path, { transform }) builds
// (sync/photo-urls.test.ts holds them equal), made here because views may not import supabase-js.
import { env } from '@/shared/lib/env';

export const LISTING_PHOTOS_BUCKET = 'listing-photos';
/** The widths the Storage server keeps resized WebP variants of. */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_LISTING_PHOTOS = 20;

/** The original's public URL, or a resized variant's when `width` is given. */
export function photoUrl(path: string, width?: PhotoWidth, base: string = env.supabaseUrl): string {
  const kind = width ? 'render/image' : 'object';
  const url = encodeURI(`${base}/storage/v1/${kind}/public/${LISTING_PHOTOS_BUCKET}/${path}`);
  return width ? `${url}?width=${width}` : url;
}

/** A srcset of the resized variants ("… 320w, … 640w, … 1280w"). */
export function photoSrcSet(path: string, base: string = env.supabaseUrl): string {
  return PHOTO_WIDTHS.map((w) => `${photoUrl(path, w, base)} ${w}w`).join(', ');
}

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';
const EXTENSION: Record<PhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** The image type the file's first bytes show (its name and stated type are not trusted), or null. */
export function sniffPhotoType(head: Uint8Array): PhotoType | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** Why a picked file cannot be a listing photo, or its checked type. */
export async function checkPhotoFile(file: Blob & { name?: string }): Promise<{ type: PhotoType } | { error: string }> {
  const label = file.name ? `"${file.name}"` : 'This file';
  if (file.size > MAX_PHOTO_BYTES) return { error: `${label} is larger than 10 MB.` };
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const type = sniffPhotoType(head);
  if (!type) return { error: `${label} is not a JPEG, PNG or WebP image.` };
  return { type };
}

/** A new photo's object path under the listing's folder of the dealer's prefix. */
export function newPhotoPath(dealerId: string, listingId: string, type: PhotoType): string {
  return `${dealerId}/${listingId}/${crypto.randomUUID()}.${EXTENSION[type]}`;
}
