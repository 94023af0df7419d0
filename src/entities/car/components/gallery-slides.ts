// A listing's gallery: the dealer's photos when it has any (cover first), else the drawn views. Every slide
// keeps a drawn view too, the picture CarImage falls back to while a photo cannot load. The listing page's
// gallery and its full-screen viewer render these (pass `photo` to CarImage for the srcset).
import type { ListingRow } from '@/data/catalogue';
import { PHOTO_WIDTHS, photoSrcSet, photoUrl } from '@/data/listing-photos/photo-files';
import { galleryShots, type GalleryShot } from './car-art';

export interface ListingGallerySlide extends GalleryShot {
  /** The dealer's photo (a Storage path, CarImage's `photo`), or null for a drawn view. */
  photo: string | null;
  /** The photo's largest variant (the full-screen view), or null. */
  photoUrl: string | null;
  /** The photo's resized variants, or null. */
  srcSet: string | null;
}

/** The slides of a listing's gallery, in order. */
export function listingGallerySlides(listing: Pick<ListingRow, 'image_seed' | 'photos'>): ListingGallerySlide[] {
  const shots = galleryShots(listing.image_seed);
  const photos = listing.photos ?? [];
  if (photos.length === 0) return shots.map((shot) => ({ ...shot, photo: null, photoUrl: null, srcSet: null }));
  return photos.map((path, i) => ({
    ...shots[i % shots.length],
    label: `photo ${i + 1} of ${photos.length}`,
    photo: path,
    photoUrl: photoUrl(path, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]),
    srcSet: photoSrcSet(path),
  }));
}
