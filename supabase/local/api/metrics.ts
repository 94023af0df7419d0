// /api/web-vitals and /api/performance: the app's beacons. Validated with zod, size-capped, stored
// in public.performance_metrics as service_role (the table is not writable by the API roles' RLS).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { StackContext } from '../types';
import { clientIp } from '../auth/http';
import { TokenBuckets } from '../http/token-bucket';

export const METRICS_MAX_BYTES = 16 * 1024;
const MAX_ITEMS = 50;
/** Beacons per client address per minute (burst = the same number); METRICS_RATE_LIMIT overrides. */
export const METRICS_RATE_LIMIT = 60;

const metric = z.object({
  name: z.string().min(1).max(64),
  value: z.number().finite(),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  id: z.string().max(128).optional(),
  navigationType: z.string().max(64).optional(),
  url: z.string().max(2048).optional(),
  delta: z.number().finite().optional(),
});
const payload = z.union([
  metric,
  z.object({ metrics: z.array(metric).min(1).max(MAX_ITEMS), url: z.string().max(2048).optional() }),
  z.array(metric).min(1).max(MAX_ITEMS),
]);

type Metric = z.infer<typeof metric>;

const bad = (c: Context, message: string, status: 400 | 413 = 400) =>
  c.json({ code: status === 413 ? 'payload_too_large' : 'invalid_payload', message }, status);

function rateLimit(): number {
  const n = Number(process.env.METRICS_RATE_LIMIT || METRICS_RATE_LIMIT);
  return Number.isFinite(n) && n > 0 ? n : METRICS_RATE_LIMIT;
}

export function metricsRoutes(ctx: StackContext): Hono {
  const app = new Hono();
  // Anonymous beacons: without a limit anyone could fill performance_metrics as fast as the disk allows.
  const buckets = new TokenBuckets({ capacity: rateLimit(), windowMs: 60_000 });
  const handler = (source: 'web-vitals' | 'performance') => async (c: Context) => {
    const wait = buckets.take(clientIp(c));
    if (wait > 0) {
      return c.json({ code: 'over_request_rate_limit', message: 'Too many requests. Please try again later.' }, 429, {
        'Retry-After': String(Math.ceil(wait / 1000)),
      });
    }
    const text = await c.req.text();
    if (Buffer.byteLength(text) > METRICS_MAX_BYTES) return bad(c, 'Payload too large', 413);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return bad(c, 'Body must be JSON');
    }
    const parsed = payload.safeParse(json);
    if (!parsed.success) return bad(c, 'Invalid metrics payload');
    const data = parsed.data;
    const list: Metric[] = Array.isArray(data) ? data : 'metrics' in data ? data.metrics : [data];
    const pageUrl = !Array.isArray(data) && 'metrics' in data ? data.url : undefined;
    const userAgent = (c.req.header('user-agent') ?? '').slice(0, 512);
    const rows = list.map((m) => ({
      source,
      metric: m.name,
      value: m.value,
      rating: m.rating ?? null,
      url: m.url ?? pageUrl ?? '',
      user_agent: userAgent,
      payload: m,
    }));
    await ctx.db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'service_role', true)");
      await tx.query(
        `insert into public.performance_metrics (source, metric, value, rating, url, user_agent, payload)
         select source, metric, value, rating, url, user_agent, payload
         from json_populate_recordset(null::public.performance_metrics, $1::text::json)`,
        [JSON.stringify(rows)],
      );
    });
    return c.body(null, 204);
  };
  app.post('/web-vitals', handler('web-vitals'));
  app.post('/performance', handler('performance'));
  return app;
}
