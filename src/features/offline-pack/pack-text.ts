// The offline pack card's words: one place for what the user reads about the pack's state.
import type { OfflinePack } from '@/data/offline-pack';
import { parsePostcode } from '@/domain/uk/distance';

const count = (n: number) => n.toLocaleString('en-GB');
const cars = (n: number) => `${count(n)} ${n === 1 ? 'car' : 'cars'}`;

/** "Keep cars within 25 miles of M1 1AE on this device": the card's promise, with the chosen values. */
export function packPromise(radius: number, postcode: string): string {
  const parsed = parsePostcode(postcode);
  const place = parsed.ok ? parsed.formatted : postcode.trim().toUpperCase() || 'your postcode';
  return `Keep cars within ${radius} miles of ${place} on this device`;
}

/** What the pack holds now, or how far its download got. */
export function packSummary(pack: OfflinePack): string {
  const place = packPromise(pack.radius, pack.postcode)
    .replace(/^Keep cars within /, '')
    .replace(/ on this device$/, '');
  switch (pack.status) {
    case 'downloading':
      // The pack's slices land in any order: cars may arrive before the one that counts them all.
      if (pack.total !== null) return `Downloading ${count(pack.done)} of ${cars(pack.total)} within ${place}…`;
      return pack.done === 0 ? `Finding the cars within ${place}…` : `Downloading ${cars(pack.done)} within ${place}…`;
    case 'ready':
      return pack.done === 0
        ? `No cars for sale within ${place} right now. Cars listed there later arrive by themselves.`
        : `${cars(pack.done)} within ${place} are kept on this device and kept up to date while you're online.`;
    case 'failed':
      return pack.error ?? 'The download failed. Try again in a moment.';
  }
}
