// Helpers for the signed-in specs (notifications, price alerts, saved searches): the dealer acts
// through its own API session (the Dealer Hub UI is not this spec's concern), the shopper through
// the app; the local mailbox is read with the anon key, server rows with the service role.
import { expect, type Page } from '@playwright/test';
import { ANON_KEY, DEMO } from './fixtures';
import { API_URL, serviceRest } from './sync-helpers';
import { DEFAULT_SERVICE_ROLE_KEY } from '../../supabase/local/jwt';

export interface DealerSession {
  token: string;
  dealerId: string;
}

export async function dealerSession(): Promise<DealerSession> {
  const res = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.dealer.email, password: DEMO.dealer.password }),
  });
  if (!res.ok) throw new Error(`dealer sign-in: ${res.status} ${await res.text()}`);
  const { access_token: token } = (await res.json()) as { access_token: string };
  const members = await dealerRest<{ dealer_id: string }[]>(token, '/dealer_members?select=dealer_id&limit=1');
  if (!members.length) throw new Error('dealer@example.com belongs to no dealer');
  return { token, dealerId: members[0].dealer_id };
}

/** A Data API call made as the signed-in dealer (RLS applies). */
export async function dealerRest<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${API_URL}/rest/v1${path}`, {
    ...init,
    headers: {
      apikey: ANON_KEY,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...(init.headers as Record<string, string>),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export interface ListingRow {
  id: string;
  title: string;
  price: number;
  brand_id: string;
  car_model_id: string;
  dealer_id: string;
}

/** An active listing of the dealer's forecourt, priced high enough to cut. */
export async function dealerListing(dealerId: string, offset = 0): Promise<ListingRow> {
  const rows = await serviceRest<ListingRow[]>(
    `/vehicle_listings?select=id,title,price,brand_id,car_model_id,dealer_id&dealer_id=eq.${dealerId}&status=eq.active&price=gt.5000&order=id&limit=1&offset=${offset}`,
  );
  if (!rows.length) throw new Error('The demo dealer has no active listing over £5,000');
  return rows[0];
}

/** How product messages name a listing: '<year> <brand> <model>' from the catalogue, never its title. */
export async function catalogueName(listingId: string): Promise<string> {
  const [row] = await serviceRest<{ year: number; car_models: { name: string; brands: { name: string } } }[]>(
    `/vehicle_listings?select=year,car_models(name,brands(name))&id=eq.${listingId}`,
  );
  if (!row) throw new Error(`No listing ${listingId}`);
  return `${row.year} ${row.car_models.brands.name} ${row.car_models.name}`;
}

export interface MailMessage {
  to: string;
  subject: string;
  template?: string;
  text: string;
}

export async function mailFor(email: string): Promise<MailMessage[]> {
  const res = await fetch(`${API_URL}/mailbox/v1/messages?to=${encodeURIComponent(email)}`, {
    // The mailbox answers only to the service-role key.
    headers: { apikey: DEFAULT_SERVICE_ROLE_KEY, authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}` },
  });
  if (!res.ok) throw new Error(`mailbox: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as MailMessage[] | { messages: MailMessage[] };
  return Array.isArray(body) ? body : body.messages;
}

export function toast(page: Page, title: string) {
  return page.getByTestId('toast').filter({ hasText: title });
}

/** Opens the bell's side sheet and returns it. */
export async function openPanel(page: Page) {
  await page.getByRole('button', { name: 'Notifications' }).click();
  const sheet = page.getByRole('dialog', { name: 'Notifications' });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** Waits until the listing screen shows this car (the catalogue may still be downloading). */
export async function openListing(page: Page, id: string): Promise<void> {
  await page.goto(`/marketplace/${id}`);
  await expect(page.getByTestId('listing-price')).toBeVisible({ timeout: 120_000 });
}
