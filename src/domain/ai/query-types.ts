/** What the AI search understood from a plain-English query (issue 12 item 2 field names). */
import type { BodyStyle, FuelType, Gearbox } from '../uk/body';

export const QUERY_SORTS = [
  'price_asc',
  'price_desc',
  'mileage_asc',
  'newest',
  'score_desc',
  'running_cost_asc',
] as const;
export type QuerySort = (typeof QUERY_SORTS)[number];

export interface ParsedQuery {
  budgetMin?: number;
  budgetMax?: number;
  monthlyBudgetMax?: number;
  bodyStyles?: BodyStyle[];
  fuelTypes?: FuelType[];
  brands?: string[];
  models?: string[];
  seatsMin?: number;
  gearbox?: Gearbox;
  ulezCompliant?: true;
  maxInsuranceGroup?: number;
  maxAnnualTax?: number;
  minRangeMiles?: number;
  maxMileage?: number;
  minYear?: number;
  sort?: QuerySort;
  similarTo?: string;
  keywords?: string[];
}

export type QueryField = keyof ParsedQuery;

/** Every field, in the order chips and JSON show them. */
export const QUERY_FIELDS: readonly QueryField[] = [
  'brands',
  'models',
  'similarTo',
  'bodyStyles',
  'fuelTypes',
  'budgetMin',
  'budgetMax',
  'monthlyBudgetMax',
  'seatsMin',
  'gearbox',
  'ulezCompliant',
  'maxInsuranceGroup',
  'maxAnnualTax',
  'minRangeMiles',
  'maxMileage',
  'minYear',
  'sort',
  'keywords',
];

/** The catalogue words the parser knows: brand and model names as the catalogue spells them. */
export interface Vocabulary {
  brands: readonly { name: string; country?: string }[];
  models: readonly { name: string; brand: string }[];
}
