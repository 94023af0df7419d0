// Saved-search filters: read from the marketplace's URL query (the same keys the marketplace writes),
// and matched against a listing exactly as the server's saved_search_matches() does, so "N new since
// you last looked" counted offline agrees with the new_match notifications the server sends.
import { canonicalBodyList } from '@/shared/lib/uk/body';
import type { SavedSearchFilters, VehicleListing } from '../types';

const BODY = ['sedan', 'suv', 'hatchback', 'coupe', 'wagon', 'convertible'];
const FUEL = ['petrol', 'diesel', 'electric', 'hybrid', 'plugin_hybrid'];
const GEARBOX = ['manual', 'automatic'];
const SLUG_RE = /^[a-z0-9-]{1,60}$/;

function int(p: URLSearchParams, key: string): number | undefined {
  const raw = p.get(key);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Math.round(Number(raw));
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function list(p: URLSearchParams, key: string, allowed: string[]): string[] | undefined {
  const raw = p.get(key);
  if (!raw) return undefined;
  // Body synonyms (saloon, estate) mean the canonical styles, as in the marketplace's own URL reader.
  const text = key === 'body' ? canonicalBodyList(raw) : raw;
  const parts = new Set(text.split(',').map((s) => s.trim().toLowerCase()));
  const out = allowed.filter((a) => parts.has(a));
  return out.length ? out : undefined;
}

function slug(p: URLSearchParams, key: string): string | undefined {
  const raw = p.get(key)?.trim().toLowerCase();
  return raw && SLUG_RE.test(raw) ? raw : undefined;
}

/** The matchable part of a marketplace query string (paging and sorting are dropped from `query`). */
export function savedSearchFiltersFromQuery(search: string): SavedSearchFilters {
  const p = new URLSearchParams(search);
  p.delete('page');
  p.delete('sort');
  const make = slug(p, 'make');
  const cash = p.get('price_mode') !== 'monthly';
  const f: SavedSearchFilters = {
    query: p.toString(),
    make,
    model: make ? slug(p, 'model') : undefined,
    price_min: cash ? int(p, 'price_min') : undefined,
    price_max: cash ? int(p, 'price_max') : undefined,
    year_min: int(p, 'year_min'),
    year_max: int(p, 'year_max'),
    mileage_max: int(p, 'mileage_max'),
    body: list(p, 'body', BODY),
    fuel: list(p, 'fuel', FUEL),
    gearbox: GEARBOX.includes(p.get('gearbox') ?? '') ? (p.get('gearbox') as string) : undefined,
  };
  // No undefined keys: the row is stored and sent as JSON.
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as SavedSearchFilters;
}

/** Slug -> id lookups the matcher needs (brands by slug, car models by slug). */
export interface SlugIds {
  brandIds: ReadonlyMap<string, string>;
  /** Model slug -> ids (a model slug may repeat across brands). */
  modelIds: ReadonlyMap<string, readonly string[]>;
}

/** Whether a listing matches a saved search's filters (absent filters match anything). */
export function listingMatches(l: VehicleListing, f: SavedSearchFilters, ids: SlugIds): boolean {
  if (l.status === 'sold') return false;
  if (f.make !== undefined && ids.brandIds.get(f.make) !== l.brand_id) return false;
  if (f.model !== undefined && !(ids.modelIds.get(f.model) ?? []).includes(l.car_model_id)) return false;
  if (f.price_min !== undefined && l.price < f.price_min) return false;
  if (f.price_max !== undefined && l.price > f.price_max) return false;
  if (f.year_min !== undefined && l.year < f.year_min) return false;
  if (f.year_max !== undefined && l.year > f.year_max) return false;
  if (f.mileage_max !== undefined && l.mileage > f.mileage_max) return false;
  if (f.body?.length && !f.body.includes(l.body_style)) return false;
  if (f.fuel?.length && !f.fuel.includes(l.fuel_type)) return false;
  if (f.gearbox !== undefined && l.gearbox !== f.gearbox) return false;
  return true;
}
