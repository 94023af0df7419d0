// The marketplace searches of bench:scale's session, as the marketplace's URL holds them: 25 different
// filter and sort combinations (the makes and models read from the stack, so they exist at any size),
// the same kinds of search bench/search.ts times on the server: a make, make + model, price, body + fuel,
// year + gearbox, monthly budget, EV + tax + ULEZ, postcode + radius, every sort.

interface Named {
  slug: string;
}

async function rest<T>(api: string, anonKey: string, pathAndQuery: string): Promise<T> {
  const res = await fetch(`${api}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
  });
  if (!res.ok) throw new Error(`${pathAndQuery}: ${res.status}`);
  return (await res.json()) as T;
}

const qs = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

/** 25 distinct searches, none of them the plain first page the session starts on. */
export async function sessionQueries(api: string, anonKey: string): Promise<string[]> {
  const brands = await rest<(Named & { id: string })[]>(api, anonKey, 'brands?select=id,slug&order=slug');
  const models = await rest<(Named & { brand_id: string })[]>(
    api,
    anonKey,
    'car_models?select=slug,brand_id&order=slug&limit=5000',
  );
  const withModel = brands
    .map((b) => ({ make: b.slug, model: models.find((m) => m.brand_id === b.id)?.slug }))
    .filter((b): b is { make: string; model: string } => b.model !== undefined);
  if (withModel.length < 6) throw new Error(`bench:scale needs 6 makes with models, the stack has ${withModel.length}`);
  const [a, b, c, d, e, f] = [0, 1, 2, 3, 4, 5].map((i) => withModel[Math.floor((i * withModel.length) / 6)]);
  return [
    qs({ make: a.make }),
    qs({ sort: 'price-asc' }),
    qs({ make: b.make, model: b.model, sort: 'price-asc' }),
    qs({ price_min: 10000, price_max: 20000, sort: 'mileage' }),
    qs({ body: 'suv', fuel: 'hybrid', sort: 'newest' }),
    qs({ year_min: 2021, gearbox: 'automatic', sort: 'reduction' }),
    qs({ price_mode: 'monthly', monthly_max: 300, sort: 'price-desc' }),
    qs({ fuel: 'electric', tax_max: 200, ulez: 1 }),
    qs({ postcode: 'LS1 4AP', radius: 25, sort: 'distance' }),
    qs({ postcode: 'M1 1AA', radius: 50 }),
    qs({ make: c.make, sort: 'newest' }),
    qs({ body: 'hatchback', price_max: 12000 }),
    qs({ make: d.make, model: d.model }),
    qs({ fuel: 'diesel', gearbox: 'manual', sort: 'mileage' }),
    qs({ mileage_max: 20000, sort: 'price-desc' }),
    qs({ body: 'wagon', sort: 'price-asc' }),
    qs({ make: e.make, year_min: 2019, sort: 'mileage' }),
    qs({ postcode: 'B1 1AA', radius: 10, sort: 'price-asc' }),
    qs({ fuel: 'plugin_hybrid', sort: 'newest' }),
    qs({ price_min: 30000, sort: 'reduction' }),
    qs({ make: f.make, gearbox: 'automatic' }),
    qs({ body: 'convertible', sort: 'price-desc' }),
    qs({ postcode: 'EH1 1AA', radius: 100, sort: 'distance' }),
    qs({ year_max: 2016, sort: 'price-asc' }),
    qs({ fuel: 'petrol', body: 'coupe', sort: 'newest' }),
  ];
}
