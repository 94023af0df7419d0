// Every path of the app's route table (src/shared/lib/routes.ts `paths`, which the router uses), its
// parameters filled with real ids from the seeded stack, for the specs that sweep every screen.
import { paths } from '../../src/shared/lib/routes';
import { serviceRest } from './sync-helpers';

export interface SeedIds {
  brand: string;
  model: string;
  listingId: string;
  dealerId: string;
  reviewId: string;
}

/** One active listing with its brand, model and dealer, and one review, from the seeded stack. */
export async function seedIds(): Promise<SeedIds> {
  const [listing] = await serviceRest<{ id: string; dealer_id: string; car_model_id: string }[]>(
    '/vehicle_listings?select=id,dealer_id,car_model_id&status=eq.active&order=id&limit=1',
  );
  const [model] = await serviceRest<{ slug: string; brand_id: string }[]>(
    `/car_models?select=slug,brand_id&id=eq.${listing!.car_model_id}`,
  );
  const [brand] = await serviceRest<{ slug: string }[]>(`/brands?select=slug&id=eq.${model!.brand_id}`);
  const [review] = await serviceRest<{ id: string }[]>('/reviews?select=id&order=id&limit=1');
  return {
    brand: brand!.slug,
    model: model!.slug,
    listingId: listing!.id,
    dealerId: listing!.dealer_id,
    reviewId: review!.id,
  };
}

/** Every path of the route table with its parameters filled, plus one the table does not know. */
export function everyRoute(ids: SeedIds): string[] {
  const params: Record<string, string> = {
    brandName: ids.brand,
    modelName: ids.model,
    listingId: ids.listingId,
    dealerId: ids.dealerId,
    id: ids.reviewId,
  };
  const filled = Object.values(paths).map((p) =>
    p.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (!value) throw new Error(`No seeded value for :${name} in ${p}`);
      return encodeURIComponent(value);
    }),
  );
  return [...filled, '/no-such-page'];
}
