// Asks the ml-recommendations edge function for the user's recommendations and stores the rows it
// returns in the local store (views never call Supabase; they read the rows through Dexie).
import { storeAppRecommendations } from '@/data/personalisation';
import type { PersonalizedRecommendation } from '@/data/types';

interface FunctionAnswer {
  recommendations: (PersonalizedRecommendation & { car_models?: unknown })[];
  cached: boolean;
  generated_at: string;
}

/** Fetches (a fresh set when `forceRefresh`) and stores them; throws when the server cannot be reached. */
export async function refreshRecommendations(userId: string, forceRefresh: boolean): Promise<void> {
  // supabase-js loads with the request, not with the screen's first paint.
  const { getSupabase } = await import('@/sync/client');
  const { data, error } = await getSupabase().functions.invoke<FunctionAnswer>('ml-recommendations', {
    body: { userId, forceRefresh },
  });
  if (error || !data) throw new Error(error?.message ?? 'No answer from the recommendations service.');
  const rows = data.recommendations.map(({ car_models: _joined, ...row }) => ({ ...row, reasons: row.reasons ?? [] }));
  await storeAppRecommendations(userId, rows);
}
