// The stock editor's server side (issue 33): a dealer member adds a car and edits any of its fields through
// apply_mutations (the app's outbox path); the server checks the form's rules with the form's sentences,
// builds the title and make from the catalogue, places the car at its dealer, and keeps what is not the
// car's (dealer, location, fee) and a car with enquiries (withdrawing would take the buyers' threads).
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  seedCatalogueFixture,
  serviceClient,
  uniqueEmail,
  userClient,
  type CatalogueFixture,
} from './helpers';

const svc = serviceClient();
let fx: CatalogueFixture;
let dealer: { id: string; client: SupabaseClient };
let other: { id: string; client: SupabaseClient };
let seq = 0;

async function person(prefix: string) {
  const u = await createUser(uniqueEmail(prefix));
  return { id: u.id, client: await userClient(u.email) };
}

async function push(
  who: { id: string; client: SupabaseClient },
  type: string,
  rowId: string,
  data: Record<string, unknown> = {},
) {
  const ops = [{ op_id: randomUUID(), seq: (seq += 1), type, table: 'vehicle_listings', row_id: rowId, data }];
  const { data: out, error } = await who.client.rpc('apply_mutations', { client_id: `stock-${who.id}`, ops });
  if (error) throw new Error(error.message);
  return (out as { status: string; code?: string; message?: string }[])[0];
}

function car(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    dealer_id: fx.dealers.north,
    car_model_id: fx.models.hatch,
    brand_id: fx.brands.beta, // wrong on purpose: the server takes the make from the model
    title: 'Whatever the client says',
    price: 12_995,
    year: 2024,
    registration: 'ab24cde',
    mileage: 8_000,
    colour: 'Blue',
    fuel_type: 'petrol',
    body_style: 'hatchback',
    gearbox: 'manual',
    seats: 5,
    doors: 5,
    engine_cc: 999,
    variant: '1.0 Zetec',
    previous_owners: 1,
    service_history: 'full',
    features: ['Heated seats'],
    photos: [`${fx.dealers.north}/${id}/a1.jpg`],
    outcode: 'ZZ9',
    ...extra,
  };
}

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  [dealer, other] = await Promise.all([person('stock-north'), person('stock-south')]);
  await svc.from('dealer_members').insert([
    { dealer_id: fx.dealers.north, user_id: dealer.id, role: 'owner' },
    { dealer_id: fx.dealers.south, user_id: other.id, role: 'staff' },
  ]);
});

describe('adding a car', () => {
  it('is applied with the make, title and location from the catalogue and the dealer', async () => {
    const id = randomUUID();
    expect(await push(dealer, 'create', id, car(id))).toMatchObject({ status: 'applied' });
    const row = (await svc.from('vehicle_listings').select('*').eq('id', id).single()).data!;
    expect(row).toMatchObject({
      brand_id: fx.brands.alpha,
      title: `2024 Alpha ${fx.prefix} hatch ${fx.prefix} 1.0 Zetec`,
      registration: 'AB24 CDE',
      outcode: 'LS1',
      status: 'active',
      previous_owners: 1,
      service_history: 'full',
      features: ['Heated seats'],
      photos: [`${fx.dealers.north}/${id}/a1.jpg`],
    });
  });

  it.each([
    [{ registration: 'AB24 CDE', year: 2019 }, "The plate's age identifier 24 does not match the year 2019."],
    [
      { registration: 'AB74 CDE', year: 2024, registration_date: '2024-05-01' },
      "The plate's age identifier 74 does not match the first registration date.",
    ],
    [{ registration: 'A123 BCD' }, 'Enter a registration like AB24 CDE.'],
    [{ mileage: 1_000_000 }, 'Enter the mileage: 0 to 999,999 miles.'],
    [{ doors: 9 }, 'Doors must be 2 to 5.'],
    [{ engine_cc: null }, 'Enter the engine size: 600 to 8,000 cc.'],
    [{ colour: '  ' }, 'Enter the colour (up to 40 characters).'],
    [{ car_model_id: randomUUID() }, 'Choose a model from the list.'],
    [{ photos: ['someone-else/x/a.jpg'] }, "A photo is not one of this car's uploads."],
    [{ features: ['x'.repeat(61)] }, 'Each feature is 1 to 60 characters.'],
  ])('refuses %o with the form’s sentence', async (bad, message) => {
    const id = randomUUID();
    const out = await push(dealer, 'create', id, car(id, bad));
    expect(out).toMatchObject({ status: 'error', code: expect.stringMatching(/^23/), message });
    expect((await svc.from('vehicle_listings').select('id').eq('id', id)).data).toEqual([]);
  });

  it("is refused under another dealer's name", async () => {
    const id = randomUUID();
    const out = await push(other, 'create', id, car(id));
    expect(out.status).toBe('error');
  });
});

describe('editing and withdrawing', () => {
  let id: string;
  beforeAll(async () => {
    id = randomUUID();
    expect((await push(dealer, 'create', id, car(id))).status).toBe('applied');
  });

  it('changes any field of the car; the title follows the model, variant and year', async () => {
    const patch = {
      mileage: 9_100,
      description: 'One owner, full history.',
      variant: '1.0 Titanium',
      year: 2025,
      registration: 'AB74 CDE',
      mot_expiry: '2027-06-30',
      euro_standard: 6,
      photos: [`${fx.dealers.north}/${id}/b2.webp`, `${fx.dealers.north}/${id}/a1.jpg`],
    };
    expect(await push(dealer, 'update', id, patch)).toMatchObject({ status: 'applied' });
    const row = (await svc.from('vehicle_listings').select('*').eq('id', id).single()).data!;
    expect(row).toMatchObject({ ...patch, title: `2025 Alpha ${fx.prefix} hatch ${fx.prefix} 1.0 Titanium` });
  });

  it('refuses a plate the year does not allow, and what is not the car’s', async () => {
    expect(await push(dealer, 'update', id, { year: 2023 })).toMatchObject({
      status: 'error',
      message: "The plate's age identifier 74 does not match the year 2023.",
    });
    for (const data of [{ dealer_id: fx.dealers.south }, { outcode: 'ZZ9' }, { admin_fee: 0, title: 'Mine' }]) {
      expect(await push(dealer, 'update', id, data)).toMatchObject({ status: 'error', code: '42501' });
    }
    expect((await push(other, 'update', id, { mileage: 1 })).status).not.toBe('applied');
    expect((await svc.from('vehicle_listings').select('mileage').eq('id', id).single()).data!.mileage).toBe(9_100);
  });

  it('keeps a car with enquiries; withdraws one without', async () => {
    const buyer = await person('stock-buyer');
    const lead = {
      id: randomUUID(),
      user_id: buyer.id,
      vehicle_listing_id: id,
      dealer_id: fx.dealers.north,
      name: 'Bea',
      email: 'bea@example.com',
    };
    expect((await buyer.client.from('leads').insert(lead)).error).toBeNull();
    expect(await push(dealer, 'delete', id)).toMatchObject({
      status: 'error',
      message: 'This car has enquiries, so it cannot be withdrawn. Mark it sold instead.',
    });
    const bare = randomUUID();
    expect((await push(dealer, 'create', bare, car(bare))).status).toBe('applied');
    expect(await push(dealer, 'delete', bare)).toMatchObject({ status: 'applied' });
    expect((await svc.from('vehicle_listings').select('id').eq('id', bare)).data).toEqual([]);
  });
});
