// ai-rephrase: the assistant's optional server language model, OFF by default. It takes an answer the
// on-device assistant grounded in the catalogue and asks an OpenAI-compatible chat completions endpoint
// to say it more naturally. The rephrase is returned only when it keeps every quoted figure and names no
// car the answer did not; otherwise the original comes back unchanged.
import { z } from 'zod';
import { describeIssues, errorJson, json, preflight, readJson } from '../_shared/http.ts';
import { checkRephrase, type GroundedAnswer } from './guard.ts';

type FunctionEnv = Record<string, string | undefined>;

const MODEL_TIMEOUT_MS = 15_000;

export const requestSchema = z.object({
  text: z.string().trim().min(1).max(4_000),
  figures: z.array(z.string().trim().min(1).max(60)).max(80),
  cars: z.array(z.string().trim().min(1).max(120)).max(30),
  otherNames: z.array(z.string().trim().min(1).max(120)).max(3_000).optional(),
});

const SYSTEM_PROMPT = [
  'You rephrase answers from a UK car marketplace assistant so they read naturally and briefly.',
  'Keep every figure exactly as written (prices in pounds, mpg, miles, litres, percentages).',
  'Keep every car name. Do not add cars, facts, numbers, advice or opinions that are not in the answer.',
  'Reply with the rephrased answer only.',
].join(' ');

export interface ModelConfig {
  url: string;
  apiKey?: string;
  model: string;
}

/** The model endpoint from the environment; null (the default) when it is not configured. */
export function modelConfig(env: FunctionEnv): ModelConfig | null {
  const url = env.AI_MODEL_URL?.trim();
  const model = env.AI_MODEL_NAME?.trim();
  if (!url || !model) return null;
  return { url: url.replace(/\/+$/, ''), apiKey: env.AI_MODEL_API_KEY?.trim() || undefined, model };
}

async function askModel(config: ModelConfig, input: GroundedAnswer): Promise<string> {
  const res = await fetch(`${config.url}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: config.model,
      temperature: 0.2,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: input.text },
      ],
    }),
    signal: AbortSignal.timeout(MODEL_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`model answered ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('model reply has no text');
  return content.trim();
}

export default async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return errorJson(405, 'Use POST.');
  const config = modelConfig(env);
  if (!config) return json({ error: 'not_configured' }, 501);

  const parsed = requestSchema.safeParse(await readJson(req));
  if (!parsed.success) return errorJson(400, `Invalid request: ${describeIssues(parsed.error.issues)}`);
  const input = parsed.data;

  let rephrased: string;
  try {
    rephrased = await askModel(config, input);
  } catch {
    return errorJson(502, 'The language model is not available right now.');
  }
  const verdict = checkRephrase(input, rephrased);
  if (!verdict.ok) return json({ text: input.text, rephrased: false, reason: verdict.reason });
  return json({ text: rephrased, rephrased: true });
}
