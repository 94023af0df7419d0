// Row shapes of the local store. Column names mirror the server tables (snake_case) in
// supabase/migrations/20261122000100_schema.sql so pulled rows are stored as they arrive.

export type Uuid = string;
/** Server timestamps are kept as the server's strings (microsecond precision). */
export type Timestamp = string;

import type { BodyStyle, Drivetrain, FuelType, Gearbox } from '@/domain/uk/body';
import type { DrivingStyle, PreferenceProfileFields } from '@/domain/ai/preference-profile';

export type { BodyStyle, Drivetrain, FuelType, Gearbox };
export type ListingCondition = 'used' | 'nearly_new';
export type ListingStatus = 'active' | 'reserved' | 'sold';

export interface ReviewSections {
  driving: string;
  interior: string;
  practicality: string;
  running_costs: string;
  safety: string;
}

export interface SyncedRow {
  id: Uuid;
  created_at?: Timestamp;
  updated_at?: Timestamp;
}

export interface Brand extends SyncedRow {
  slug: string;
  name: string;
  country: string;
  founded: number | null;
  logo_url: string | null;
  description: string;
}

export interface CarModel extends SyncedRow {
  brand_id: Uuid;
  slug: string;
  name: string;
  body_style: BodyStyle;
  fuel_type: FuelType;
  price_from: number;
  model_year: number;
  mpg: number | null;
  ev_range_miles: number | null;
  mi_per_kwh: number | null;
  battery_kwh: number | null;
  co2_gkm: number;
  insurance_group: number | null;
  ncap_stars: number | null;
  ncap_year: number | null;
  euro_standard: number | null;
  seats: number;
  doors: number;
  boot_litres: number | null;
  zero_to_62: number | null;
  top_speed_mph: number | null;
  power_bhp: number | null;
  engine_cc: number | null;
  gearbox: Gearbox;
  drivetrain: Drivetrain;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  /** Issue 36: the distance between the axles, for the pictures. */
  wheelbase_mm: number | null;
  /** Issue 34: the years it was sold new in the UK, [from, to or null while on sale]; null if unknown. */
  production_years: [number, number | null][] | null;
  towing_kg: number | null;
  description: string;
  image_url: string | null;
}

export interface Review extends SyncedRow {
  car_model_id: Uuid;
  author: string;
  title: string;
  cs_score: number;
  verdict: string;
  pros: string[];
  cons: string[];
  sections: ReviewSections;
  published: boolean;
  published_at: Timestamp | null;
  created_by: Uuid | null;
}

export interface Dealer extends SyncedRow {
  slug: string;
  name: string;
  town: string;
  outcode: string;
  postcode: string;
  lat: number;
  lng: number;
  phone: string;
  email: string;
  rating: number | null;
  admin_fee: number;
}

export interface VehicleListing extends SyncedRow {
  dealer_id: Uuid;
  car_model_id: Uuid;
  brand_id: Uuid;
  title: string;
  price: number;
  admin_fee: number;
  year: number;
  registration_date: string | null;
  registration: string | null;
  mileage: number;
  colour: string;
  fuel_type: FuelType;
  body_style: BodyStyle;
  gearbox: Gearbox;
  seats: number;
  doors: number;
  engine_cc: number | null;
  co2_gkm: number;
  insurance_group: number | null;
  condition: ListingCondition;
  status: ListingStatus;
  description: string;
  image_seed: number;
  outcode: string;
  lat: number | null;
  lng: number | null;
  listed_at: Timestamp;
  /** Issue 33, the stock editor's fields; optional: rows stored before them lack them until next changed. */
  variant?: string;
  previous_owners?: number | null;
  service_history?: ServiceHistory;
  mot_expiry?: string | null;
  euro_standard?: number | null;
  features?: string[];
  /** Storage paths in bucket listing-photos ({dealer_id}/{listing_id}/{name}), the cover first. */
  photos?: string[];
}

/** '' = not stated. */
export type ServiceHistory = '' | 'full' | 'partial' | 'none';

export interface ListingPriceHistory extends SyncedRow {
  vehicle_listing_id: Uuid;
  price: number;
  changed_at: Timestamp;
}

/** user_id is null for a bookmark made while signed out (kept locally, claimed on sign-in). */
export interface Bookmark extends SyncedRow {
  user_id: Uuid | null;
  car_model_id: Uuid | null;
  vehicle_listing_id: Uuid | null;
  note: string;
}

export type LeadStatus = 'new' | 'contacted' | 'viewing_booked' | 'closed' | 'lost';

export interface Lead extends SyncedRow {
  /** null once the buyer deleted his account: the lead stays with the dealer as 'Deleted user'. */
  user_id: Uuid | null;
  vehicle_listing_id: Uuid;
  dealer_id: Uuid;
  name: string;
  email: string;
  phone: string;
  message: string;
  status: LeadStatus;
  part_exchange: boolean;
  /** The part-exchange car's registration ('' when none). */
  part_exchange_registration: string;
  part_exchange_mileage: number | null;
  finance_interest: boolean;
}

export type DealerRole = 'owner' | 'staff';

/** The signed-in user's memberships of dealers (RLS shows only his own). */
export interface DealerMember extends SyncedRow {
  dealer_id: Uuid;
  user_id: Uuid;
  role: DealerRole;
}

export interface LeadMessage extends SyncedRow {
  lead_id: Uuid;
  /** null once the sender deleted his account (the message stays). */
  sender_id: Uuid | null;
  body: string;
}

export type NotificationType = 'price_drop' | 'new_match' | 'email' | 'other';

export interface AppNotification extends SyncedRow {
  user_id: Uuid;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, unknown>;
  vehicle_listing_id: Uuid | null;
  alert_type: string | null;
  /** null = unread */
  dismissed_at: Timestamp | null;
}

export interface PriceAlert extends SyncedRow {
  user_id: Uuid;
  vehicle_listing_id: Uuid | null;
  target_price: number;
  current_price: number;
  price_drop_threshold: number;
  is_active: boolean;
  times_triggered: number;
  last_triggered_at: Timestamp | null;
}

export interface NotificationPreferences {
  email_notifications: boolean;
  price_drop_alerts: boolean;
  new_match_alerts: boolean;
  weekly_digest: boolean;
  instant_notifications: boolean;
  /** E-mails about enquiries (a new lead, a message, a reply); the bell gets them either way. */
  lead_alerts: boolean;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email_notifications: true,
  price_drop_alerts: true,
  new_match_alerts: true,
  weekly_digest: true,
  instant_notifications: false,
  lead_alerts: true,
};

export interface UserPreferences extends SyncedRow {
  user_id: Uuid;
  notification_preferences: NotificationPreferences;
}

export type { DrivingStyle };

/** Shape and defaults shared with the ml-recommendations function (supabase/functions/_shared). */
export interface UserPreferenceProfile extends SyncedRow, PreferenceProfileFields {
  user_id: Uuid;
  last_updated: Timestamp;
  /** The /account profile: name, home postcode (distances) and annual mileage (running costs). */
  display_name?: string;
  home_postcode?: string;
  annual_mileage?: number | null;
}

export interface PersonalizedRecommendation extends SyncedRow {
  user_id: Uuid;
  car_model_id: Uuid;
  recommendation_score: number;
  reasons: unknown[];
  expires_at: Timestamp;
  clicked: boolean;
  shown_count: number;
}

export interface SearchInteraction extends SyncedRow {
  user_id: Uuid;
  session_id: string;
  search_query: string;
  interaction_type: string;
  search_filters: Record<string, unknown>;
  results_shown: number;
  results_clicked: number;
  time_spent_seconds: number;
  target_car_id: Uuid | null;
  interaction_data: Record<string, unknown>;
}

/**
 * Marketplace filters the server matches new listings against (saved_searches.filters), plus the
 * marketplace query string the search reopens with.
 */
export interface SavedSearchFilters {
  query: string;
  make?: string;
  model?: string;
  price_min?: number;
  price_max?: number;
  year_min?: number;
  year_max?: number;
  mileage_max?: number;
  body?: string[];
  fuel?: string[];
  gearbox?: string;
}

export interface SavedSearch extends SyncedRow {
  user_id: Uuid;
  name: string;
  filters: SavedSearchFilters;
  /** When the user last opened this search: "N new since you last looked" counts from here. */
  last_viewed_at: Timestamp;
}

export type { Severity } from '@/shared/lib/errors';
import type { Severity } from '@/shared/lib/errors';

export interface ErrorReport extends SyncedRow {
  user_id: Uuid | null;
  message: string;
  context: { component?: string; action?: string; metadata?: Record<string, unknown> };
  severity: Severity;
  reported_at: Timestamp;
  resolved: boolean;
}

/** Every synced table (synced-tables.ts) and its row type. */
export interface TableRows {
  brands: Brand;
  car_models: CarModel;
  reviews: Review;
  dealers: Dealer;
  vehicle_listings: VehicleListing;
  listing_price_history: ListingPriceHistory;
  bookmarks: Bookmark;
  leads: Lead;
  lead_messages: LeadMessage;
  dealer_members: DealerMember;
  notifications: AppNotification;
  price_alerts: PriceAlert;
  user_preferences: UserPreferences;
  user_preference_profiles: UserPreferenceProfile;
  personalized_recommendations: PersonalizedRecommendation;
  search_interactions: SearchInteraction;
  error_reports: ErrorReport;
  saved_searches: SavedSearch;
}

import type { SyncTableName } from './synced-tables';
export {
  CATALOGUE_TABLES,
  USER_TABLES,
  SYNC_TABLES,
  isSyncTable,
  type CatalogueTable,
  type SyncTableName,
  type UserTable,
} from './synced-tables';

// TableRows' keys are exactly the synced-tables list's names: a table on one side only fails here.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type TableRowsMatchSyncedTables = Holds<SameKeys<keyof TableRows, SyncTableName>>;

// ---------------------------------------------------------------------------------------------
// Outbox
// ---------------------------------------------------------------------------------------------
export type OpType = 'create' | 'update' | 'delete';

/** Column values to write; "$inc" asks the server for an atomic increment (replay-safe). */
export type OpData = Record<string, unknown> & { $inc?: Record<string, number> };

/** A queued local write (SPEC §3 "Queued offline action", plus what exactly-once replay needs). */
export interface OutboxOp {
  /** op_id: the server ledger's key, so a replayed op is recognised as a duplicate. */
  id: Uuid;
  /** Per-client sequence: the order ops are replayed in. */
  seq: number;
  client_id: string;
  /** The account the op was made under; only that account's session uploads it. */
  user_id: Uuid | null;
  type: OpType;
  table: SyncTableName;
  row_id: Uuid;
  data: OpData;
  /** When the write was made (ms since epoch). */
  timestamp: number;
  /** Failed tries so far (3 in all, SPEC §9). */
  retries: number;
  last_error: string | null;
  last_error_code: string | null;
  /** Not before this time (ms); 0 = now. */
  next_attempt_at: number;
}

export type FailureKind = 'transient' | 'permanent';

/** An op that used up its tries: waits in "needs attention" for Retry / Discard (or auto-resume). */
export interface ParkedOp extends OutboxOp {
  parked_at: number;
  failure: FailureKind;
}

export interface SyncStateRow {
  key: string;
  value: unknown;
}

/** Pull position: the server's updated_at string and the row id (tie-breaker). */
export interface Cursor {
  updated_at: Timestamp;
  id: Uuid;
  /**
   * A stored cursor's lower bound on the server's clock when the visit that stored it began reading:
   * the highest updated_at this device had pulled from any table by then (the sync layer's
   * timestamps.catchUpStart). Not part of the position: two cursors with the same updated_at and id are
   * the same cursor whatever their `seen`.
   */
  seen?: Timestamp;
}
