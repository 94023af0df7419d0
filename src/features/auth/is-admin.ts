// The admin check behind the auth state's isAdmin (the admin screens' own reads are features/admin/api).
import type { SupabaseClient } from '@supabase/supabase-js';

/** Whether the signed-in user is an admin (rpc is_admin); false when signed out or on any error. */
export async function fetchIsAdmin(client: SupabaseClient): Promise<boolean> {
  try {
    const { data, error } = await client.rpc('is_admin');
    return !error && data === true;
  } catch {
    return false;
  }
}
