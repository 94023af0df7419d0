// A dealer's own stock: adding a car, editing any of its fields, withdrawing it. Every write is a row
// change plus its outbox op in one transaction (outbox.ts); the server checks the same rules again
// (supabase/migrations/20261128004100_dealer_stock_editor.sql) and fills the make, title and location.
import type { MotorlyDb } from '../db';
import { createRow, deleteRow, updateRow, type NewRow } from '../outbox';
import type { BodyStyle, FuelType, Gearbox, ServiceHistory, VehicleListing } from '../types';

/** The fields the stock form edits. */
export interface StockListingValues {
  registration: string;
  car_model_id: string;
  variant: string;
  year: number;
  registration_date: string | null;
  mileage: number;
  price: number;
  fuel_type: FuelType;
  gearbox: Gearbox;
  body_style: BodyStyle;
  colour: string;
  doors: number;
  seats: number;
  engine_cc: number | null;
  previous_owners: number | null;
  service_history: ServiceHistory;
  mot_expiry: string | null;
  euro_standard: number | null;
  features: string[];
  description: string;
  photos: string[];
}

/** The title the server builds: year, make, model and variant (never typed, see the migration). */
export async function stockTitle(db: MotorlyDb, values: Pick<StockListingValues, 'car_model_id' | 'year' | 'variant'>) {
  const model = await db.car_models.get(values.car_model_id);
  const brand = model ? await db.brands.get(model.brand_id) : undefined;
  return [String(values.year), brand?.name, model?.name, values.variant.trim()].filter(Boolean).join(' ');
}

export class StockListingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StockListingError';
  }
}

/**
 * Adds a car to the dealer's stock, on sale at once. `confirmedPrice` is the write-only flag a price under
 * £500 needs (the price guard's rule); it goes with the create op.
 */
export async function createStockListing(
  db: MotorlyDb,
  input: { id: string; dealerId: string; values: StockListingValues; confirmedPrice?: number },
): Promise<VehicleListing> {
  const { values } = input;
  const [model, dealer] = await Promise.all([db.car_models.get(values.car_model_id), db.dealers.get(input.dealerId)]);
  if (!model) throw new StockListingError('Choose a model from the list.');
  const now = new Date().toISOString();
  const row: NewRow<'vehicle_listings'> & { confirmed_price?: number } = {
    id: input.id,
    dealer_id: input.dealerId,
    brand_id: model.brand_id,
    title: await stockTitle(db, values),
    ...values,
    admin_fee: dealer?.admin_fee ?? 0,
    co2_gkm: model.co2_gkm,
    insurance_group: model.insurance_group,
    condition: 'used',
    status: 'active',
    image_seed: Math.floor(Math.random() * 1000),
    outcode: dealer?.outcode ?? '',
    lat: dealer?.lat ?? null,
    lng: dealer?.lng ?? null,
    listed_at: now,
    ...(input.confirmedPrice === values.price ? { confirmed_price: values.price } : {}),
  };
  const stored = await createRow(db, 'vehicle_listings', row, { ownedByUser: false });
  return stored;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `values` that differ from the stored row (what an update sends: nothing else). */
export function changedStockFields(
  existing: VehicleListing,
  values: Partial<StockListingValues>,
): Partial<StockListingValues> {
  const patch: Partial<Record<keyof StockListingValues, unknown>> = {};
  for (const [key, value] of Object.entries(values) as [keyof StockListingValues, unknown][]) {
    const before = key === 'variant' || key === 'service_history' ? (existing[key] ?? '') : existing[key];
    if (!same(before, value)) patch[key] = value;
  }
  return patch as Partial<StockListingValues>;
}

/**
 * Saves the changed fields of a listing; the title and make follow when the model, variant or year change.
 * @returns the fields sent (empty when nothing changed)
 */
export async function updateStockListing(
  db: MotorlyDb,
  listingId: string,
  values: Partial<StockListingValues>,
  confirmedPrice?: number,
): Promise<Partial<VehicleListing>> {
  const existing = await db.vehicle_listings.get(listingId);
  if (!existing) throw new StockListingError('This car is no longer in your stock.');
  const patch: Partial<VehicleListing> = changedStockFields(existing, values);
  if (Object.keys(patch).length === 0) return patch;
  if ('car_model_id' in patch || 'variant' in patch || 'year' in patch) {
    const next = {
      car_model_id: existing.car_model_id,
      year: existing.year,
      variant: existing.variant ?? '',
      ...patch,
    };
    const model = await db.car_models.get(next.car_model_id);
    if (!model) throw new StockListingError('Choose a model from the list.');
    Object.assign(patch, {
      title: await stockTitle(db, next),
      brand_id: model.brand_id,
      co2_gkm: model.co2_gkm,
      insurance_group: model.insurance_group,
    });
  }
  const confirm = patch.price !== undefined && confirmedPrice === patch.price;
  await updateRow(
    db,
    'vehicle_listings',
    listingId,
    patch,
    {},
    confirm ? { opOnly: { confirmed_price: confirmedPrice } } : {},
  );
  return patch;
}

/** Withdraws a car: its listing goes (the server keeps one with enquiries; the dealer marks it sold). */
export async function withdrawStockListing(db: MotorlyDb, listingId: string): Promise<void> {
  const leads = await db.leads.where('vehicle_listing_id').equals(listingId).count();
  if (leads > 0)
    throw new StockListingError('This car has enquiries, so it cannot be withdrawn. Mark it sold instead.');
  await deleteRow(db, 'vehicle_listings', listingId);
}
