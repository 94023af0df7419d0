// The Data API compresses like hosted Supabase: gzip/br when asked, nothing for tiny bodies or when not asked,
// and supabase-js (whose fetch decodes transparently) still reads the same rows.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, seedCatalogueFixture, stack, type CatalogueFixture } from './helpers';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP GET (node:http does not decode), so the bytes on the wire can be checked. */
function rawGet(path: string, acceptEncoding?: string): Promise<RawResponse> {
  const url = new URL(`${stack().url}${path}`);
  const headers: Record<string, string> = { apikey: stack().anonKey, authorization: `Bearer ${stack().anonKey}` };
  if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

let fx: CatalogueFixture;
const listingsPath = () =>
  `/rest/v1/vehicle_listings?select=*&id=in.(${fx.listings.map((l) => l.id).join(',')})&order=id`;

beforeAll(async () => {
  fx = await seedCatalogueFixture();
});

describe('response compression', () => {
  it('answers gzip when asked, and the decoded JSON is the same as the plain one', async () => {
    const plain = await rawGet(listingsPath());
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    const rows = JSON.parse(plain.body.toString('utf8')) as { id: string }[];
    expect(rows.map((r) => r.id)).toEqual(fx.listings.map((l) => l.id).sort());

    const gz = await rawGet(listingsPath(), 'gzip, deflate');
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    expect(gz.body.length).toBeLessThan(plain.body.length);
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(rows);
  });

  it('prefers br when the client accepts it', async () => {
    const br = await rawGet(listingsPath(), 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    const rows = JSON.parse(brotliDecompressSync(br.body).toString('utf8')) as { id: string }[];
    expect(rows).toHaveLength(fx.listings.length);
  });

  it('leaves tiny bodies alone', async () => {
    const tiny = await rawGet(`/rest/v1/brands?select=slug&id=eq.${fx.brands.alpha}`, 'gzip');
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.body.toString('utf8'))).toHaveLength(1);
  });

  it('supabase-js still reads through the compressed responses', async () => {
    const { data, error } = await anonClient()
      .from('vehicle_listings')
      .select('*')
      .in(
        'id',
        fx.listings.map((l) => l.id),
      )
      .order('id');
    expect(error).toBeNull();
    expect(data!.map((r: { id: string }) => r.id)).toEqual(fx.listings.map((l) => l.id).sort());
  });
});
