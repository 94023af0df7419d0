// Data API reads through the real supabase-js client: select grammar, embedding, filters, order,
// paging and counts, single/maybeSingle.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, rest, seedCatalogueFixture, serviceClient, type CatalogueFixture } from './helpers';

let fx: CatalogueFixture;
const db = () => anonClient();
const inFixture = () => [fx.brands.alpha, fx.brands.beta, fx.brands.gamma];

beforeAll(async () => {
  fx = await seedCatalogueFixture();
});

describe('select grammar', () => {
  it('selects columns with aliases, casts and json paths', async () => {
    const { data, error } = await db()
      .from('reviews')
      .select('title, score:cs_score, cs_score::text, driving:sections->>driving, raw:sections->driving')
      .eq('car_model_id', fx.models.hatch)
      .order('cs_score', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Great hatch', score: 8.1, cs_score: '8.1', driving: 'Fun', raw: 'Fun' },
      { title: 'Decent hatch', score: 6.5, cs_score: '6.5', driving: null, raw: null },
    ]);
  });

  it('returns every column for *', async () => {
    const { data } = await db().from('brands').select('*').eq('id', fx.brands.alpha);
    expect(Object.keys(data![0]).sort()).toEqual(
      ['id', 'slug', 'name', 'country', 'founded', 'logo_url', 'description', 'created_at', 'updated_at'].sort(),
    );
  });
});

describe('embedding', () => {
  it('embeds many-to-one as an object and one-to-many as an array', async () => {
    const { data, error } = await db()
      .from('brands')
      .select('slug, car_models(slug, reviews(cs_score))')
      .in('id', inFixture())
      .order('slug');
    expect(error).toBeNull();
    expect(data!.map((b) => b.car_models.length)).toEqual([2, 1, 0]);
    const hatch = data![0].car_models.find((m: { slug: string }) => m.slug.endsWith('-hatch'));
    expect(hatch?.reviews).toHaveLength(2);

    const { data: listing } = await db()
      .from('vehicle_listings')
      .select('price, dealers(name), car_models(name, brands(name))')
      .eq('id', fx.listings[0].id)
      .single();
    expect(listing).toEqual({
      price: 5000,
      dealers: { name: `North ${fx.prefix}` },
      car_models: { name: `hatch ${fx.prefix}`, brands: { name: `Alpha ${fx.prefix}` } },
    });
  });

  it('drops parents with !inner and filters embedded rows', async () => {
    const inner = await db().from('brands').select('slug, car_models!inner(slug)').in('id', inFixture());
    expect(inner.data!.map((b) => b.slug).sort()).toEqual([`${fx.prefix}-alpha`, `${fx.prefix}-beta`]);

    const electric = await db()
      .from('brands')
      .select('slug, car_models!inner(fuel_type)')
      .in('id', inFixture())
      .eq('car_models.fuel_type', 'electric');
    expect(electric.data).toEqual([{ slug: `${fx.prefix}-alpha`, car_models: [{ fuel_type: 'electric' }] }]);

    const left = await db()
      .from('brands')
      .select('slug, car_models(fuel_type)')
      .in('id', inFixture())
      .eq('car_models.fuel_type', 'electric')
      .order('slug');
    expect(left.data!.map((b) => b.car_models.length)).toEqual([1, 0, 0]);
  });

  it('orders and limits embedded rows, and filters on embed presence', async () => {
    const { data } = await db()
      .from('car_models')
      .select('slug, reviews(cs_score)')
      .eq('id', fx.models.hatch)
      .order('cs_score', { referencedTable: 'reviews', ascending: true })
      .limit(1, { referencedTable: 'reviews' });
    expect(data![0].reviews).toEqual([{ cs_score: 6.5 }]);

    const none = await db().from('brands').select('slug, car_models(id)').in('id', inFixture()).is('car_models', null);
    expect(none.data!.map((b) => b.slug)).toEqual([`${fx.prefix}-gamma`]);
  });

  it('supports aliases, hints and spreads', async () => {
    const { data, error } = await db()
      .from('vehicle_listings')
      .select(
        'price, seller:dealers!vehicle_listings_dealer_id_fkey(name), make:brand_id(name), ...car_models(model_name:name)',
      )
      .eq('id', fx.listings[0].id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      price: 5000,
      seller: { name: `North ${fx.prefix}` },
      make: { name: `Alpha ${fx.prefix}` },
      model_name: `hatch ${fx.prefix}`,
    });
  });

  it('answers PGRST200 when no relationship exists', async () => {
    const { error, status } = await db().from('reviews').select('title, dealers(name)').limit(1);
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
  });
});

describe('filters', () => {
  const prices = async (
    build: (
      q: ReturnType<ReturnType<typeof db>['from']>['select'],
    ) => PromiseLike<{ data: { price: number }[] | null; error: unknown }>,
  ) => {
    const q = db().from('vehicle_listings').select('price').in('brand_id', inFixture()).order('price');
    const { data, error } = await build(q as never);
    expect(error).toBeNull();
    return data!.map((r) => r.price);
  };

  it('compares with eq/neq/gt/gte/lt/lte', async () => {
    expect(await prices((q) => (q as never as { eq: (c: string, v: number) => never }).eq('price', 9000))).toEqual([
      9000,
    ]);
    const base = () => db().from('vehicle_listings').select('price').in('brand_id', inFixture()).order('price');
    expect((await base().neq('price', 9000)).data!.map((r) => r.price)).toEqual([5000, 12000, 15000, 20000]);
    expect((await base().gt('price', 12000)).data!.map((r) => r.price)).toEqual([15000, 20000]);
    expect((await base().gte('price', 12000)).data!.map((r) => r.price)).toEqual([12000, 15000, 20000]);
    expect((await base().lt('price', 9000)).data!.map((r) => r.price)).toEqual([5000]);
    expect((await base().lte('price', 9000)).data!.map((r) => r.price)).toEqual([5000, 9000]);
  });

  it('matches patterns, lists, nulls and trees', async () => {
    const base = () => db().from('vehicle_listings').select('price').in('brand_id', inFixture()).order('price');
    const p = async (q: PromiseLike<{ data: { price: number }[] | null; error: unknown }>) => {
      const { data, error } = await q;
      expect(error).toBeNull();
      return data!.map((r) => r.price);
    };
    expect(await p(base().like('title', 'Saloon%'))).toEqual([15000, 20000]);
    expect(await p(base().like('title', 'Saloon*'))).toEqual([15000, 20000]);
    expect(await p(base().ilike('title', '%hatch%'))).toEqual([5000, 9000]);
    expect(await p(base().ilike('title', '%100\\%%'))).toEqual([12000]);
    expect(await p(base().in('title', [`Hatch, 1.0 (Zetec) ${fx.prefix}`, `Saloon plain ${fx.prefix}`]))).toEqual([
      5000, 20000,
    ]);
    expect(await p(base().in('colour', ['Red', 'Grey']))).toEqual([5000, 12000, 15000]);
    expect(await p(base().eq('title', `Hatch O'Brien "special" ${fx.prefix}`))).toEqual([9000]);
    expect(await p(base().eq('title', `Saloon Ünïcode ${fx.prefix}`))).toEqual([15000]);
    expect(await p(base().or('price.lt.6000,colour.eq.Grey'))).toEqual([5000, 15000]);
    expect(await p(base().or('price.gt.19000,and(colour.eq.Red,price.gt.10000)'))).toEqual([12000, 20000]);
    expect(await p(base().not('colour', 'eq', 'Red'))).toEqual([9000, 15000, 20000]);
    expect(await p(base().not('colour', 'in', '(Red,Blue)'))).toEqual([15000, 20000]);
    expect(await p(base().match({ colour: 'Red', price: 12000 }))).toEqual([12000]);
    expect(await p(base().filter('title', 'imatch', '^saloon'))).toEqual([15000, 20000]);
    expect(await p(base().filter('price', 'isdistinct', '5000'))).toEqual([9000, 12000, 15000, 20000]);
    expect(await p(base().textSearch('title', 'saloon', { type: 'websearch', config: 'english' }))).toEqual([
      15000, 20000,
    ]);

    const founded = await db().from('brands').select('slug').in('id', inFixture()).is('founded', null);
    expect(founded.data).toEqual([{ slug: `${fx.prefix}-gamma` }]);
  });

  it('filters arrays with cs and ov', async () => {
    const cs = await db()
      .from('reviews')
      .select('title')
      .eq('car_model_id', fx.models.hatch)
      .contains('pros', ['Cheap']);
    expect(cs.data).toEqual([{ title: 'Great hatch' }]);
    const ov = await db()
      .from('reviews')
      .select('title')
      .in('car_model_id', [fx.models.hatch, fx.models.suv])
      .overlaps('pros', ['Roomy', 'Seven seats'])
      .order('title');
    expect(ov.data).toEqual([{ title: 'Big SUV' }, { title: 'Decent hatch' }]);
    const json = await db()
      .from('reviews')
      .select('title')
      .eq('car_model_id', fx.models.hatch)
      .contains('sections', { driving: 'Fun' });
    expect(json.data).toEqual([{ title: 'Great hatch' }]);
  });
});

describe('order, paging and counts', () => {
  it('orders with nullsfirst / nullslast', async () => {
    const first = await db()
      .from('brands')
      .select('founded')
      .in('id', inFixture())
      .order('founded', { ascending: true, nullsFirst: true });
    expect(first.data!.map((b) => b.founded)).toEqual([null, 1901, 1950]);
    const last = await db()
      .from('brands')
      .select('founded')
      .in('id', inFixture())
      .order('founded', { ascending: false, nullsFirst: false });
    expect(last.data!.map((b) => b.founded)).toEqual([1950, 1901, null]);
  });

  it('pages with range and reports counts in Content-Range (206)', async () => {
    const { data, count, status } = await db()
      .from('vehicle_listings')
      .select('price', { count: 'exact' })
      .in('brand_id', inFixture())
      .order('price')
      .range(1, 2);
    expect(status).toBe(206);
    expect(count).toBe(5);
    expect(data!.map((r) => r.price)).toEqual([9000, 12000]);

    const res = await rest(
      `/vehicle_listings?select=price&brand_id=eq.${fx.brands.alpha}&order=price&offset=1&limit=2`,
      {
        headers: { Prefer: 'count=exact' },
      },
    );
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-2/3');
    const plain = await rest(`/vehicle_listings?select=price&brand_id=eq.${fx.brands.alpha}&limit=2`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-range')).toBe('0-1/*');
    const empty = await rest(`/vehicle_listings?select=price&brand_id=eq.${fx.brands.gamma}`, {
      headers: { Prefer: 'count=exact' },
    });
    expect(empty.headers.get('content-range')).toBe('*/0');
  });

  it('answers 416 PGRST103 for an offset past the end', async () => {
    const { error, status } = await db()
      .from('vehicle_listings')
      .select('price', { count: 'exact' })
      .in('brand_id', inFixture())
      .range(10, 19);
    expect(status).toBe(416);
    expect(error?.code).toBe('PGRST103');
  });

  it('counts with HEAD and no body', async () => {
    const { data, count, error } = await db()
      .from('vehicle_listings')
      .select('*', { count: 'exact', head: true })
      .in('brand_id', inFixture());
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(5);
  });

  it('caps responses at 1000 rows', async () => {
    const capped = await db().rpc('pgrst_test_series', { n: 1500 });
    expect(capped.data).toHaveLength(1000);
    const asked = await db().rpc('pgrst_test_series', { n: 1500 }).range(0, 9);
    expect(asked.data).toHaveLength(10);
  });
});

describe('single and maybeSingle', () => {
  it('returns one object, or 406 PGRST116', async () => {
    const one = await db().from('brands').select('slug').eq('id', fx.brands.alpha).single();
    expect(one.data).toEqual({ slug: `${fx.prefix}-alpha` });
    const none = await db().from('brands').select('slug').eq('slug', `${fx.prefix}-nope`).single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
    expect(none.error?.details).toBe('The result contains 0 rows');
    const many = await db().from('brands').select('slug').in('id', inFixture()).single();
    expect(many.error?.code).toBe('PGRST116');
  });

  it('maybeSingle gives null for none and an error for many', async () => {
    const none = await db().from('brands').select('slug').eq('slug', `${fx.prefix}-nope`).maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const many = await db().from('brands').select('slug').in('id', inFixture()).maybeSingle();
    expect(many.error).not.toBeNull();
  });

  it('service role reads too', async () => {
    const { data } = await serviceClient().from('brands').select('slug').eq('id', fx.brands.beta).single();
    expect(data).toEqual({ slug: `${fx.prefix}-beta` });
  });
});

describe('many-to-many', () => {
  it('embeds through a junction table', async () => {
    const { data, error } = await db().from('brands').select('slug, dealers(slug)').eq('id', fx.brands.beta).single();
    expect(error).toBeNull();
    expect((data!.dealers as { slug: string }[]).map((d) => d.slug).sort()).toEqual([
      `${fx.prefix}-north`,
      `${fx.prefix}-south`,
    ]);
  });
});
