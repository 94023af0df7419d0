// Issue 33: the embedded stack's Storage API, driven by the unmodified supabase-js `storage` client:
// upload, upsert, list, download, public and transformed URLs, signed URLs, move, remove, and the
// listing-photos rules (RLS by dealer prefix, 20 per listing, images only by their bytes, 10 MB).
import http from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createUser, seedCatalogueFixture, serviceClient, stack, uniqueEmail, userClient } from './helpers';
import { startDedicatedStack } from './dedicated-stack';

const BUCKET = 'listing-photos';

const jpeg = (width = 1600, height = 1000, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();

let northDealer: SupabaseClient;
let southDealer: SupabaseClient;
let shopper: SupabaseClient;
let north: string;
let south: string;
let northListing: string;
let northListing2: string;
let southListing: string;

const folder = (dealer: string, listing: string) => `${dealer}/${listing}`;

beforeAll(async () => {
  const fx = await seedCatalogueFixture();
  north = fx.dealers.north;
  south = fx.dealers.south;
  const [n, s, p] = await Promise.all([
    createUser(uniqueEmail('photo-north')),
    createUser(uniqueEmail('photo-south')),
    createUser(uniqueEmail('photo-shopper')),
  ]);
  const { error } = await serviceClient()
    .from('dealer_members')
    .insert([
      { dealer_id: north, user_id: n.id, role: 'owner' },
      { dealer_id: south, user_id: s.id, role: 'staff' },
    ]);
  expect(error).toBeNull();
  [northDealer, southDealer, shopper] = await Promise.all([
    userClient(n.email),
    userClient(s.email),
    userClient(p.email),
  ]);
  const { data } = await serviceClient()
    .from('vehicle_listings')
    .select('id, dealer_id')
    .in('dealer_id', [north, south])
    .order('price');
  const ofDealer = (d: string) => data!.filter((l) => l.dealer_id === d).map((l) => l.id as string);
  [northListing, northListing2] = ofDealer(north);
  [southListing] = ofDealer(south);
});

describe('buckets (service role)', () => {
  it('lists listing-photos as public and manages a bucket end to end', async () => {
    const svc = serviceClient().storage;
    const got = await svc.getBucket(BUCKET);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ id: BUCKET, public: true, file_size_limit: 10485760 });
    const id = `tmp-${Date.now()}`;
    expect((await svc.createBucket(id, { public: false })).data).toEqual({ name: id });
    expect((await svc.createBucket(id, { public: false })).error).toMatchObject({ statusCode: '409' });
    expect((await svc.listBuckets()).data!.map((b) => b.id)).toEqual(expect.arrayContaining([BUCKET, id]));
    expect((await svc.updateBucket(id, { public: true })).data).toEqual({ message: 'Successfully updated' });
    expect((await svc.getBucket(id)).data!.public).toBe(true);
    await svc.from(id).upload('a/b.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    expect((await svc.deleteBucket(id)).error).toMatchObject({ statusCode: '409' });
    expect((await svc.emptyBucket(id)).data).toEqual({ message: 'Successfully emptied' });
    expect((await svc.deleteBucket(id)).data).toEqual({ message: 'Successfully deleted' });
    expect((await svc.getBucket(id)).error).toMatchObject({
      status: 400,
      statusCode: '404',
      message: 'Bucket not found',
    });
  });

  it('anon and signed-in users cannot create or see buckets', async () => {
    expect((await anonClient().storage.createBucket('anon-bucket', { public: true })).error).toMatchObject({
      statusCode: '403',
    });
    expect((await shopper.storage.listBuckets()).data).toEqual([]);
  });
});

describe('listing photos through supabase-js', () => {
  it('uploads, upserts, lists, downloads and serves public and transformed URLs', async () => {
    const photos = northDealer.storage.from(BUCKET);
    const path = `${folder(north, northListing)}/front.jpg`;
    const first = await jpeg(1600, 1000, 10);
    const up = await photos.upload(path, first, { contentType: 'image/jpeg' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `${BUCKET}/${path}` });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);

    // the same key again: 409 without upsert, replaced with it
    expect((await photos.upload(path, first, { contentType: 'image/jpeg' })).error).toMatchObject({
      status: 400,
      statusCode: '409',
    });
    const second = await jpeg(1600, 1000, 250);
    expect((await photos.upload(path, second, { contentType: 'image/jpeg', upsert: true })).error).toBeNull();
    const blob = new Blob([new Uint8Array(await jpeg(900, 600))], { type: 'image/jpeg' });
    expect((await photos.upload(`${folder(north, northListing)}/side.jpg`, blob)).error).toBeNull();

    const listed = await photos.list(folder(north, northListing), { sortBy: { column: 'name', order: 'asc' } });
    expect(listed.error).toBeNull();
    expect(listed.data!.map((f) => f.name)).toEqual(['front.jpg', 'side.jpg']);
    expect(listed.data![0]!.metadata).toMatchObject({ mimetype: 'image/jpeg', size: second.length });
    expect((await photos.list(north)).data!.map((f) => [f.name, f.id])).toContainEqual([northListing, null]);
    expect((await photos.list(folder(north, northListing), { search: 'SI' })).data!.map((f) => f.name)).toEqual([
      'side.jpg',
    ]);

    const down = await photos.download(path);
    expect(down.error).toBeNull();
    expect(Buffer.from(await down.data!.arrayBuffer()).equals(second)).toBe(true);

    const publicUrl = anonClient().storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(second)).toBe(true);

    for (const width of [320, 640, 1280]) {
      const url = anonClient().storage.from(BUCKET).getPublicUrl(path, { transform: { width } }).data.publicUrl;
      const img = await fetch(url);
      expect(img.status).toBe(200);
      expect(img.headers.get('cache-control')).toMatch(/max-age=31536000/);
      const etag = img.headers.get('etag')!;
      const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
      expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    }
    const odd = anonClient()
      .storage.from(BUCKET)
      .getPublicUrl(path, { transform: { width: 500 } }).data.publicUrl;
    expect((await sharp(Buffer.from(await (await fetch(odd)).arrayBuffer())).metadata()).width).toBe(640);
    const big = anonClient()
      .storage.from(BUCKET)
      .getPublicUrl(path, { transform: { width: 1500 } }).data.publicUrl;
    expect((await sharp(Buffer.from(await (await fetch(big)).arrayBuffer())).metadata()).width).toBe(1600);
    const boxed = anonClient()
      .storage.from(BUCKET)
      .getPublicUrl(path, { transform: { width: 200, height: 200, resize: 'cover' } }).data.publicUrl;
    const boxMeta = await sharp(Buffer.from(await (await fetch(boxed)).arrayBuffer())).metadata();
    expect([boxMeta.width, boxMeta.height]).toEqual([200, 200]);
  });

  it('signs URLs that work until they expire; forged or expired tokens are refused', async () => {
    const photos = northDealer.storage.from(BUCKET);
    const path = `${folder(north, northListing)}/signed.jpg`;
    expect((await photos.upload(path, await jpeg(400, 300), { contentType: 'image/jpeg' })).error).toBeNull();
    const signed = await shopper.storage.from(BUCKET).createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const ok = await fetch(signed.data!.signedUrl);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');

    const many = await photos.createSignedUrls([path, `${folder(north, northListing)}/missing.jpg`], 60);
    expect(many.data!.map((d) => [d.path, d.error === null, d.signedUrl !== null])).toEqual([
      [path, true, true],
      [`${folder(north, northListing)}/missing.jpg`, false, false],
    ]);
    expect((await fetch(many.data![0]!.signedUrl!)).status).toBe(200);

    const url = new URL(signed.data!.signedUrl);
    const now = Math.floor(Date.now() / 1000);
    const secret = new TextEncoder().encode(stack().jwtSecret);
    const expired = await new SignJWT({ url: `${BUCKET}/${path}`, iat: now - 120, exp: now - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret);
    const forged = await new SignJWT({ url: `${BUCKET}/${path}`, exp: now + 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-stack-secret-not-the-stack-secret'));
    const otherObject = await new SignJWT({ url: `${BUCKET}/${folder(north, northListing)}/front.jpg`, exp: now + 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret);
    for (const [token, message] of [
      [expired, 'jwt expired'],
      [forged, 'invalid signature'],
      [otherObject, /another object/],
    ] as const) {
      url.searchParams.set('token', token);
      const res = await fetch(url);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { statusCode: string; message: string };
      expect(body.statusCode).toBe('400');
      expect(body.message).toMatch(message);
    }
    // a real token that expires: good now, refused once its seconds have passed (3, not 1: expiry counts whole
    // seconds from the signing second, so a 1 s URL signed late in a second, on a busy machine, was already gone)
    const short = await photos.createSignedUrl(path, 3);
    expect((await fetch(short.data!.signedUrl)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 4100));
    expect((await fetch(short.data!.signedUrl)).status).toBe(400);
  });

  it('moves and copies within the listing, and removes', async () => {
    const photos = northDealer.storage.from(BUCKET);
    const base = folder(north, northListing2);
    expect(
      (await photos.upload(`${base}/a.jpg`, await jpeg(500, 400), { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    expect((await photos.move(`${base}/a.jpg`, `${base}/b.jpg`)).data).toEqual({ message: 'Successfully moved' });
    expect((await photos.copy(`${base}/b.jpg`, `${base}/c.jpg`)).data).toEqual({ path: `${BUCKET}/${base}/c.jpg` });
    expect((await photos.list(base)).data!.map((f) => f.name)).toEqual(['b.jpg', 'c.jpg']);
    const variant = photos.getPublicUrl(`${base}/c.jpg`, { transform: { width: 320 } }).data.publicUrl;
    expect((await fetch(variant)).status).toBe(200);
    // into another dealer's prefix: refused
    expect((await photos.move(`${base}/b.jpg`, `${folder(south, southListing)}/b.jpg`)).error).toMatchObject({
      statusCode: '403',
    });
    const removed = await photos.remove([`${base}/b.jpg`, `${base}/c.jpg`]);
    expect(removed.data!.map((o) => o.name).sort()).toEqual([`${base}/b.jpg`, `${base}/c.jpg`]);
    expect((await photos.list(base)).data).toEqual([]);
    expect((await fetch(photos.getPublicUrl(`${base}/b.jpg`).data.publicUrl)).status).toBe(400);
  });
});

describe('listing photos: who may write what', () => {
  it("refuses another dealer's prefix, a listing of another dealer, a shopper and anon", async () => {
    const img = await jpeg(400, 300);
    const attempts: [SupabaseClient, string][] = [
      [southDealer, `${folder(north, northListing)}/intruder.jpg`],
      [northDealer, `${folder(north, southListing)}/wrong-listing.jpg`],
      [northDealer, `${folder(south, southListing)}/wrong-dealer.jpg`],
      [northDealer, `${northListing}/no-dealer.jpg`],
      [shopper, `${folder(north, northListing)}/shopper.jpg`],
      [anonClient(), `${folder(north, northListing)}/anon.jpg`],
    ];
    for (const [client, path] of attempts) {
      const { error } = await client.storage.from(BUCKET).upload(path, img, { contentType: 'image/jpeg' });
      expect(error, path).toMatchObject({ status: 400, statusCode: '403' });
    }
    const mine = `${folder(south, southListing)}/keep.jpg`;
    expect((await southDealer.storage.from(BUCKET).upload(mine, img, { contentType: 'image/jpeg' })).error).toBeNull();
    expect((await northDealer.storage.from(BUCKET).remove([mine])).data).toEqual([]);
    expect((await anonClient().storage.from(BUCKET).remove([mine])).data).toEqual([]);
    expect((await southDealer.storage.from(BUCKET).upload(mine, img, { upsert: true })).error).toBeNull();
    expect((await northDealer.storage.from(BUCKET).update(mine, img)).error).toMatchObject({ statusCode: '403' });
  });

  it('takes images only, by their bytes, and at most 10 MB', async () => {
    const photos = northDealer.storage.from(BUCKET);
    const base = folder(north, northListing);
    const text = await photos.upload(`${base}/fake.jpg`, Buffer.from('this is plain text, not a photo'), {
      contentType: 'image/jpeg',
    });
    expect(text.error).toMatchObject({ status: 400, statusCode: '415' });
    const gif = Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1');
    expect((await photos.upload(`${base}/anim.gif`, gif, { contentType: 'image/gif' })).error).toMatchObject({
      statusCode: '415',
    });
    // a JPEG header followed by garbage does not decode
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect((await photos.upload(`${base}/broken.jpg`, broken, { contentType: 'image/jpeg' })).error).toMatchObject({
      statusCode: '400',
    });
    // a PNG named .jpg is stored as what it is
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    expect((await photos.upload(`${base}/really-png.jpg`, png, { contentType: 'image/jpeg' })).error).toBeNull();
    const info = await photos.info(`${base}/really-png.jpg`);
    expect(info.data!.contentType).toBe('image/png');
    await photos.remove([`${base}/really-png.jpg`]);

    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1);
    (await jpeg(100, 100)).copy(tooBig);
    expect((await photos.upload(`${base}/huge.jpg`, tooBig, { contentType: 'image/jpeg' })).error).toMatchObject({
      statusCode: '413',
    });
  });

  it('answers an oversized or anonymous upload before the body is sent', async () => {
    const base = folder(north, northListing);
    const { data } = await northDealer.auth.getSession();
    const early = (token: string, declared: number) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${stack().url}/storage/v1/object/${BUCKET}/${base}/early.jpg`, {
          method: 'POST',
          headers: {
            apikey: stack().anonKey,
            authorization: `Bearer ${token}`,
            'content-type': 'image/jpeg',
            'content-length': String(declared),
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.write(Buffer.alloc(1024, 0xff)); // a sliver of what was declared; the rest never comes
      });
    const huge = await early(data.session!.access_token, 200 * 1024 * 1024);
    expect(JSON.parse(huge.body)).toMatchObject({ statusCode: '413', error: 'Payload too large' });
    const anon = await early(stack().anonKey, 5 * 1024 * 1024);
    expect(JSON.parse(anon.body)).toMatchObject({ statusCode: '403' });
  });

  it('holds at most 20 photos per listing (the variants do not count)', async () => {
    const photos = northDealer.storage.from(BUCKET);
    const base = folder(north, northListing2);
    const img = await jpeg(330, 200);
    for (let i = 0; i < 20; i += 1) {
      const { error } = await photos.upload(`${base}/p${String(i).padStart(2, '0')}.jpg`, img, {
        contentType: 'image/jpeg',
      });
      expect(error, `photo ${i + 1}`).toBeNull();
    }
    const extra = await photos.upload(`${base}/p20.jpg`, img, { contentType: 'image/jpeg' });
    expect(extra.error).toMatchObject({
      status: 400,
      statusCode: '400',
      message: 'A listing can have at most 20 photos',
    });
    // replacing one of the 20 is not a 21st
    expect((await photos.upload(`${base}/p00.jpg`, img, { upsert: true })).error).toBeNull();
    expect((await photos.list(base, { limit: 100 })).data).toHaveLength(20);
  });
});

describe('restart', () => {
  it('keeps objects and their variants across a stack restart', async () => {
    const dedicated = await startDedicatedStack({});
    try {
      const client = (url: string, key: string) =>
        createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
      let svc = client(dedicated.running.url, dedicated.running.serviceRoleKey);
      const img = await jpeg(1400, 900, 99);
      const path = 'some-dealer/some-listing/kept.jpg';
      expect((await svc.storage.from(BUCKET).upload(path, img, { contentType: 'image/jpeg' })).error).toBeNull();
      const running = await dedicated.restart();
      svc = client(running.url, running.serviceRoleKey);
      const down = await svc.storage.from(BUCKET).download(path);
      expect(Buffer.from(await down.data!.arrayBuffer()).equals(img)).toBe(true);
      const url = svc.storage.from(BUCKET).getPublicUrl(path, { transform: { width: 640 } }).data.publicUrl;
      const meta = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', 640]);
    } finally {
      await dedicated.dispose();
    }
  }, 240_000);
});
