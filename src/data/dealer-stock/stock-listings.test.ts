// The stock editor's writes: a new car is one create op with the catalogue's make and the dealer's place;
// an edit sends only the changed fields (the title only when the model, variant or year change, as the
// server's column guard wants); a car with enquiries is not withdrawn.
import { describe, expect, it } from 'vitest';
import { db } from '../db';
import { withFreshStore } from '../testing/fresh-store';
import { brandRow, listingRow, modelRow } from '../testing/fixtures';
import {
  createStockListing,
  updateStockListing,
  withdrawStockListing,
  type StockListingValues,
} from './stock-listings';

withFreshStore();

const DEALER = 'dddddddd-0000-4000-8000-000000000001';
const BRAND = 'bbbbbbbb-0000-4000-8000-000000000001';
const MODEL = 'mmmmmmmm-0000-4000-8000-000000000001';
const ID = 'llllllll-0000-4000-8000-000000000001';

const values: StockListingValues = {
  registration: 'AB24 CDE',
  car_model_id: MODEL,
  variant: '1.5 Life',
  year: 2024,
  registration_date: null,
  mileage: 12_000,
  price: 18_995,
  fuel_type: 'petrol',
  gearbox: 'manual',
  body_style: 'hatchback',
  colour: 'Grey',
  doors: 5,
  seats: 5,
  engine_cc: 1498,
  previous_owners: 1,
  service_history: 'full',
  mot_expiry: null,
  euro_standard: 6,
  features: ['Heated seats'],
  description: 'Tidy.',
  photos: [`${DEALER}/${ID}/a.jpg`],
};

async function seed() {
  await db.brands.put(brandRow({ id: BRAND, name: 'Volkswagen' }));
  await db.car_models.put(modelRow({ id: MODEL, brand_id: BRAND, name: 'Golf', co2_gkm: 120, insurance_group: 14 }));
  await db.dealers.put({
    id: DEALER,
    slug: 'd',
    name: 'Dealer',
    town: 'Leeds',
    outcode: 'LS1',
    postcode: 'LS1 4AP',
    lat: 53.8,
    lng: -1.55,
    phone: '',
    email: '',
    rating: null,
    admin_fee: 99,
  });
}

describe('stock writes', () => {
  it('adds a car as one create op, made from the catalogue and the dealer', async () => {
    await seed();
    await createStockListing(db, { id: ID, dealerId: DEALER, values });
    const row = await db.vehicle_listings.get(ID);
    expect(row).toMatchObject({
      title: '2024 Volkswagen Golf 1.5 Life',
      brand_id: BRAND,
      outcode: 'LS1',
      admin_fee: 99,
      co2_gkm: 120,
      status: 'active',
      photos: values.photos,
    });
    const ops = await db.outbox.toArray();
    expect(ops.map((o) => [o.type, o.table, o.row_id])).toEqual([['create', 'vehicle_listings', ID]]);
    expect(ops[0].data).not.toHaveProperty('user_id');
    expect(ops[0].data).not.toHaveProperty('confirmed_price');
  });

  it('sends only what changed, the title only with the car, and the price confirmation when given', async () => {
    await seed();
    await db.vehicle_listings.put(
      listingRow({
        id: ID,
        dealer_id: DEALER,
        brand_id: BRAND,
        ...values,
        title: 'Seeded title with trim',
      }),
    );
    expect(await updateStockListing(db, ID, { ...values })).toEqual({});
    expect(await updateStockListing(db, ID, { ...values, mileage: 12_500, photos: [] })).toEqual({
      mileage: 12_500,
      photos: [],
    });
    await updateStockListing(db, ID, { ...values, variant: '2.0 GTI', price: 400 }, 400);
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((o) => o.data)).toEqual([
      { mileage: 12_500, photos: [] },
      {
        variant: '2.0 GTI',
        price: 400,
        mileage: 12_000,
        photos: values.photos,
        title: '2024 Volkswagen Golf 2.0 GTI',
        brand_id: BRAND,
        co2_gkm: 120,
        insurance_group: 14,
        confirmed_price: 400,
      },
    ]);
  });

  it('keeps a car with enquiries', async () => {
    await seed();
    await createStockListing(db, { id: ID, dealerId: DEALER, values });
    await db.leads.put({
      id: 'lead-1',
      user_id: 'buyer',
      vehicle_listing_id: ID,
      dealer_id: DEALER,
      name: 'B',
      email: 'b@example.com',
      phone: '',
      message: '',
      status: 'new',
      part_exchange: false,
      part_exchange_registration: '',
      part_exchange_mileage: null,
      finance_interest: false,
    });
    await expect(withdrawStockListing(db, ID)).rejects.toThrow('This car has enquiries');
    await db.leads.clear();
    await withdrawStockListing(db, ID);
    expect(await db.vehicle_listings.get(ID)).toBeUndefined();
    expect((await db.outbox.orderBy('seq').last())?.type).toBe('delete');
  });
});
