// Server side of the user's data rights (UK GDPR access, portability and erasure): the signed-in
// user's rows from every user table (rpc export_my_data) and account deletion (rpc delete_my_account).
// Both RPCs act only on the caller's own JWT subject; see supabase/migrations/20261123001900_data_rights.sql.
import { getSupabase, type SupabaseClient } from '@/sync/client';

export type ExportRow = Record<string, unknown>;

export interface ServerExport {
  account: { id: string; email: string | null; created_at: string | null; last_sign_in_at: string | null };
  /** Table name -> the user's rows, oldest first. */
  tables: Record<string, ExportRow[]>;
}

/** A failed data-rights request, with a message fit to show. */
export class DataRightsError extends Error {
  constructor(
    message: string,
    public readonly kind: 'offline' | 'signed-out' | 'server',
  ) {
    super(message);
    this.name = 'DataRightsError';
  }
}

const OFFLINE =
  'You are offline. This needs a connection to Motorly’s servers; please try again when you are back online.';

function toError(status: number | undefined, code: string | undefined): DataRightsError {
  if (status === 0 || status === undefined) return new DataRightsError(OFFLINE, 'offline');
  if (status === 401 || status === 403 || code === '42501') {
    return new DataRightsError('Please sign in again to continue.', 'signed-out');
  }
  return new DataRightsError('The request could not be completed. Please try again.', 'server');
}

function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The signed-in user's account and rows as the server holds them. Rejects with DataRightsError. */
export async function fetchServerExport(client: SupabaseClient = getSupabase()): Promise<ServerExport> {
  if (offline()) throw new DataRightsError(OFFLINE, 'offline');
  try {
    const { data, error, status } = await client.rpc('export_my_data');
    if (error || !data) throw toError(status, error?.code);
    return data as ServerExport;
  } catch (e) {
    throw e instanceof DataRightsError ? e : new DataRightsError(OFFLINE, 'offline');
  }
}

/** Deletes the signed-in user's account and data on the server. Rejects with DataRightsError. */
export async function deleteMyAccount(client: SupabaseClient = getSupabase()): Promise<void> {
  if (offline()) throw new DataRightsError(OFFLINE, 'offline');
  try {
    const { error, status } = await client.rpc('delete_my_account');
    if (error) throw toError(status, error.code);
  } catch (e) {
    throw e instanceof DataRightsError ? e : new DataRightsError(OFFLINE, 'offline');
  }
}

/** Forgets the session on this device only (the account may already be gone on the server). */
export async function signOutThisDevice(client: SupabaseClient = getSupabase()): Promise<void> {
  try {
    await client.auth.signOut({ scope: 'local' });
  } catch {
    // Nothing to sign out of: clearing the device removes the stored session anyway.
  }
}
