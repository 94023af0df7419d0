// The photos as the stock form holds them, and what saving them means for the photo outbox.

export interface PhotoItem {
  /** Object path in listing-photos ({dealer_id}/{listing_id}/{name}). */
  path: string;
  /** The picked file, for a photo not saved yet; null for one the listing already has. */
  file: Blob | null;
  /** What the form shows: the picked file's object URL, or the stored photo's small variant. */
  previewUrl: string;
  name?: string;
}

/** The list with the photo at `from` moved to `to` (0 makes it the cover). */
export function movePhoto<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export interface PhotoSavePlan {
  /** The listing's photos after the save, in order (the cover first). */
  paths: string[];
  /** New photos to upload, in the order the dealer put them. */
  uploads: { path: string; blob: Blob }[];
  /** Photos the listing had and no longer has. */
  removals: string[];
}

/** What saving the form's photos does, given the paths the listing had before. */
export function planPhotoSave(before: readonly string[], items: readonly PhotoItem[]): PhotoSavePlan {
  const kept = new Set(items.map((i) => i.path));
  return {
    paths: items.map((i) => i.path),
    uploads: items
      .filter((i): i is PhotoItem & { file: Blob } => i.file !== null)
      .map((i) => ({ path: i.path, blob: i.file })),
    removals: before.filter((p) => !kept.has(p)),
  };
}
