// Helpers for the stock editor specs (issue 33): real image files made with sharp, a catalogue model the
// demo data stocks little of (so the new car is easy to find in a filtered marketplace), the server's rows.
import sharp from 'sharp';
import { API_URL } from './fixtures';
import { serviceRest } from './sync-helpers';

/** A small real JPEG or PNG (a coloured frame with a stripe), as a picked file. */
export async function photoFile(name: string, kind: 'jpeg' | 'png', rgb: [number, number, number]) {
  const [r, g, b] = rgb;
  const stripe = await sharp({
    create: { width: 640, height: 80, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .png()
    .toBuffer();
  const image = sharp({ create: { width: 640, height: 384, channels: 3, background: { r, g, b } } }).composite([
    { input: stripe, top: 152, left: 0 },
  ]);
  const buffer = kind === 'jpeg' ? await image.jpeg({ quality: 80 }).toBuffer() : await image.png().toBuffer();
  return { name, mimeType: kind === 'jpeg' ? 'image/jpeg' : 'image/png', buffer };
}

export interface StockModel {
  id: string;
  slug: string;
  name: string;
  brand: { id: string; slug: string; name: string };
}

/** A petrol model the seed stocks few cars of, with its make. */
export async function quietPetrolModel(): Promise<StockModel> {
  const models = await serviceRest<{ id: string; slug: string; name: string; brand_id: string }[]>(
    '/car_models?select=id,slug,name,brand_id&fuel_type=eq.petrol&order=slug&limit=60',
  );
  for (const m of models) {
    const stocked = await serviceRest<unknown[]>(`/vehicle_listings?select=id&car_model_id=eq.${m.id}&limit=12`);
    if (stocked.length < 12) {
      const [brand] = await serviceRest<{ id: string; slug: string; name: string }[]>(
        `/brands?select=id,slug,name&id=eq.${m.brand_id}`,
      );
      return { id: m.id, slug: m.slug, name: m.name, brand };
    }
  }
  throw new Error('No lightly stocked petrol model in the catalogue');
}

/** A plate no other test makes: the year's age identifier and three random letters. */
export function freshPlate(year: number): string {
  // A memory tag never uses I, Q or Z (src/domain/uk/plates.ts); the random letters never I or Q.
  const tagLetters = 'ABCDEFGHJKLMNOPRSTUVWXY';
  const letters = `${tagLetters}Z`;
  const pick = (from: string) => from[Math.floor(Math.random() * from.length)];
  return `E${pick(tagLetters)}${String(year % 100).padStart(2, '0')} ${pick(letters)}${pick(letters)}${pick(letters)}`;
}

export interface ServerListing {
  id: string;
  title: string;
  price: number;
  photos: string[];
  registration: string;
}

export async function serverListingByPlate(plate: string): Promise<ServerListing | undefined> {
  const rows = await serviceRest<ServerListing[]>(
    `/vehicle_listings?select=id,title,price,photos,registration&registration=eq.${encodeURIComponent(plate)}`,
  );
  return rows[0];
}

export async function serverPhotos(id: string): Promise<string[]> {
  const rows = await serviceRest<{ photos: string[] }[]>(`/vehicle_listings?select=photos&id=eq.${id}`);
  return rows[0]?.photos ?? [];
}

/** The HTTP status of a stored photo's resized variant (200 once it is uploaded). */
export async function photoStatus(path: string, width = 320): Promise<number> {
  const res = await fetch(`${API_URL}/storage/v1/render/image/public/listing-photos/${path}?width=${width}`);
  await res.arrayBuffer();
  return res.status;
}
