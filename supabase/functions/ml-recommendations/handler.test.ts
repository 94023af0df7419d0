// ml-recommendations' handler with the stack faked at fetch (runs under Deno and vitest): it reads as the
// caller and asks for published reviews only; only the write of the user's set uses the service role.
import { assert, assertEquals, functionRequest, jsonResponse, TEST_ENV, test, withFetch } from '../_testing/kit.ts';
import type { SeenRequest } from '../_testing/kit.ts';
import handler from './handler.ts';

const USER = { id: '6f1c3a52-8d1e-4c57-9a49-1f0f4d0b7e11', email: 'me@example.com' };
const SERVICE = `Bearer ${TEST_ENV.SUPABASE_SERVICE_ROLE_KEY}`;

const model = (n: number) => ({
  ...{ id: `00000000-0000-4000-8000-00000000000${n}`, name: `Model ${n}`, brand_id: 'b1', body_style: 'suv' },
  ...{ fuel_type: 'electric', price_from: 30000 + n, model_year: 2025, mpg: null, ev_range_miles: 300 },
  ...{ insurance_group: 20, ncap_stars: 5, seats: 5, boot_litres: 500, zero_to_62: 7, power_bhp: 200 },
  ...{ brand: { name: 'Brand' }, reviews: [{ cs_score: 9, published: true }] },
});

/** GoTrue, PostgREST's tables for one user, and what was stored. */
function stack() {
  const stored: Record<string, unknown>[] = [];
  const route = (req: SeenRequest): Response => {
    const path = req.url.pathname;
    const select = req.url.searchParams.get('select') ?? '';
    if (path === '/auth/v1/user') {
      return req.headers.get('authorization') === 'Bearer user-token'
        ? jsonResponse({ ...USER, aud: 'authenticated', role: 'authenticated', email_confirmed_at: '2026-01-01' })
        : jsonResponse({ code: 401, error_code: 'bad_jwt', msg: 'invalid JWT' }, 401);
    }
    if (path === '/rest/v1/car_models') return jsonResponse([model(1), model(2)]);
    if (path === '/rest/v1/personalized_recommendations') {
      if (req.method === 'POST') {
        stored.push(...(req.body as Record<string, unknown>[]).map((r, i) => ({ ...r, id: `rec-${i}` })));
        return new Response(null, { status: 201 });
      }
      if (select.includes('car_models(')) {
        return jsonResponse(stored.map((r) => ({ ...r, car_models: { reviews: [{ cs_score: 9 }] } })));
      }
      return jsonResponse(select.includes('clicked') ? [] : stored);
    }
    if (path.startsWith('/rest/v1/')) return jsonResponse([]);
    return jsonResponse({ message: 'unexpected' }, 404);
  };
  return { stored, route };
}

test('ml-recommendations: 401 anonymous, 403 for another user, 400 for a bad body', async () => {
  await withFetch(stack().route, async () => {
    assertEquals((await handler(functionRequest({ userId: USER.id }), TEST_ENV)).status, 401);
    const other = { userId: '0b3e6c1a-2f4d-4e5b-8a6c-7d8e9f0a1b2c' };
    assertEquals((await handler(functionRequest(other, 'user-token'), TEST_ENV)).status, 403);
    assertEquals((await handler(functionRequest({ userId: 'nope' }, 'user-token'), TEST_ENV)).status, 400);
  });
});

test('ml-recommendations: reads as the caller, published reviews only; writes with the service role', async () => {
  const { stored, route } = stack();
  await withFetch(route, async (calls) => {
    const res = await handler(functionRequest({ userId: USER.id, forceRefresh: true }, 'user-token'), TEST_ENV);
    assertEquals(res.status, 200);
    const body = (await res.json()) as { recommendations: unknown[]; cached: boolean };
    assertEquals([body.cached, body.recommendations.length, stored.length], [false, 2, 2]);

    const rest = calls.filter((c) => c.url.pathname.startsWith('/rest/v1/'));
    // The write looks up the rows it replaces itself; everything that feeds the answer is read as the caller.
    const ownLookup = (c: SeenRequest) => c.url.searchParams.get('select') === 'id,car_model_id';
    const reads = rest.filter((c) => c.method === 'GET' && !ownLookup(c));
    assert(reads.length >= 5, 'models, profile, behaviour and the stored set are read');
    for (const r of reads) assertEquals(r.headers.get('authorization'), 'Bearer user-token', r.url.pathname);
    for (const w of rest.filter((c) => c.method !== 'GET' || ownLookup(c)))
      assertEquals(w.headers.get('authorization'), SERVICE);

    const models = reads.find((c) => c.url.pathname === '/rest/v1/car_models');
    assertEquals(models?.url.searchParams.get('reviews.published'), 'eq.true');
    const answer = reads.filter((c) => (c.url.searchParams.get('select') ?? '').includes('car_models(')).at(-1);
    assertEquals(answer?.url.searchParams.get('car_models.reviews.published'), 'eq.true');
  });
});
