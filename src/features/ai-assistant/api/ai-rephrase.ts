// The assistant's optional server language model (supabase/functions/ai-rephrase). Used only when the
// build enables it (VITE_AI_REPHRASE=1) and the device is online; any failure, a refusal by the server's
// faithfulness guard, or a slow answer leaves the on-device grounded text as it is.
import type { RephraseRequest } from '@/domain/ai/rephrase';

const TIMEOUT_MS = 8_000;

export function aiRephraseEnabled(): boolean {
  return import.meta.env.VITE_AI_REPHRASE === '1' && (typeof navigator === 'undefined' || navigator.onLine);
}

/** The reworded answer, or the grounded text unchanged. Never throws. */
export async function rephraseGroundedAnswer(request: RephraseRequest): Promise<string> {
  if (!aiRephraseEnabled()) return request.text;
  try {
    const { getSupabase } = await import('@/sync/client');
    const { data, error } = await getSupabase().functions.invoke<{ text?: unknown; rephrased?: unknown }>(
      'ai-rephrase',
      {
        body: request,
        timeout: TIMEOUT_MS,
      },
    );
    if (error || !data || data.rephrased !== true || typeof data.text !== 'string' || !data.text.trim())
      return request.text;
    return data.text;
  } catch {
    return request.text;
  }
}
