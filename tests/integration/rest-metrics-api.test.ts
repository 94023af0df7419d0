// /api/web-vitals and /api/performance beacons: validated, size-capped, stored as service_role.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serviceClient, stack } from './helpers';

const post = (path: string, body: string) =>
  fetch(`${stack().url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('metrics API', () => {
  it('stores a web-vitals metric and a performance batch (204)', async () => {
    const page = `/cars/${randomUUID()}`;
    const one = await post(
      'web-vitals',
      JSON.stringify({ name: 'LCP', value: 1234.5, rating: 'good', id: 'v1', url: page }),
    );
    expect(one.status).toBe(204);
    const batch = await post(
      'performance',
      JSON.stringify({
        url: page,
        metrics: [
          { name: 'sync-drain', value: 12 },
          { name: 'ttfb', value: 80 },
        ],
      }),
    );
    expect(batch.status).toBe(204);
    const { data } = await serviceClient()
      .from('performance_metrics')
      .select('source, metric, value, rating')
      .eq('url', page)
      .order('metric');
    expect(data).toEqual([
      { source: 'web-vitals', metric: 'LCP', value: 1234.5, rating: 'good' },
      { source: 'performance', metric: 'sync-drain', value: 12, rating: null },
      { source: 'performance', metric: 'ttfb', value: 80, rating: null },
    ]);
  });

  it('refuses bad input with a JSON 400 and big bodies with 413', async () => {
    for (const body of [
      'not json',
      '{}',
      JSON.stringify({ name: 'LCP', value: 'fast' }),
      JSON.stringify({ name: 'x', value: 1, rating: 'meh' }),
    ]) {
      const res = await post('web-vitals', body);
      expect(res.status, body).toBe(400);
      expect(Object.keys(await res.json())).toContain('message');
    }
    const many = JSON.stringify(Array.from({ length: 51 }, () => ({ name: 'x', value: 1 })));
    expect((await post('performance', many)).status).toBe(400);
    const big = JSON.stringify({ name: 'LCP', value: 1, url: 'x'.repeat(17 * 1024) });
    expect((await post('web-vitals', big)).status).toBe(413);
  });

  it('is not writable through the Data API by anon', async () => {
    const res = await fetch(`${stack().url}/rest/v1/performance_metrics`, {
      method: 'POST',
      headers: {
        apikey: stack().anonKey,
        authorization: `Bearer ${stack().anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ source: 'performance', metric: 'forged', value: 1 }),
    });
    expect(res.status).toBe(401);
  });
});
