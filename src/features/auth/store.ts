// Auth actions (SPEC §4 Auth). The state follows Supabase Auth, and the admin flag comes from rpc('is_admin')
// after sign-in (false on error or sign-out). `loading` stays true until the session is known and,
// if there is one, the admin check has answered — so guards never redirect on a half-known state.
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY, getSupabase, idbAuthStorage } from '@/sync/client';
import { fetchIsAdmin } from './is-admin';
import { AuthFailure, toAuthFailure } from './auth-errors';
import { authStore, initialAuthState } from './state';
import { writeSignInHint } from './sign-in-hint';

export { authStore, useAuth, type AuthState } from './state';

let client: SupabaseClient | undefined;
const supabase = () => (client ??= getSupabase());
let adminRequest = 0;

async function checkAdmin(userId: string): Promise<void> {
  const ticket = ++adminRequest;
  const isAdmin = await fetchIsAdmin(supabase());
  // Ignore answers for a user who has since signed out or changed.
  if (ticket !== adminRequest || authStore.getState().user?.id !== userId) return;
  authStore.setState({ isAdmin, adminChecked: true, loading: false });
}

function applySession(session: Session | null, event?: AuthChangeEvent): void {
  const prev = authStore.getState();
  const user = session?.user ?? null;
  writeSignInHint(user ? 'in' : 'out');
  if (!user) {
    adminRequest++;
    authStore.setState({ session: null, user: null, isAdmin: false, adminChecked: false, loading: false });
    return;
  }
  const sameUser = prev.user?.id === user.id;
  const needsCheck = !sameUser || !prev.adminChecked || event === 'SIGNED_IN';
  authStore.setState({
    session,
    user,
    isAdmin: sameUser ? prev.isAdmin : false,
    adminChecked: sameUser && !needsCheck ? prev.adminChecked : false,
    loading: needsCheck ? true : false,
  });
  // Called outside supabase-js's auth lock: awaiting a request inside the callback would deadlock.
  if (needsCheck) setTimeout(() => void checkAdmin(user.id), 0);
}

/**
 * Starts following auth state. On start, auth storage that is present but cannot be restored into a
 * session (corrupt, or its refresh token is no longer valid) triggers a recovery sign-out.
 * Returns an unsubscribe function.
 */
export async function initAuth(custom?: SupabaseClient): Promise<() => void> {
  if (custom) client = custom;
  const sb = supabase();
  let leftover: string | null = null;
  try {
    leftover = await idbAuthStorage.getItem(AUTH_STORAGE_KEY);
  } catch {
    leftover = null;
  }
  let session: Session | null = null;
  try {
    const { data, error } = await sb.auth.getSession();
    session = error ? null : data.session;
    if (error || (leftover && !session)) await recoverySignOut(sb);
  } catch {
    await recoverySignOut(sb);
  }
  applySession(session);
  const { data } = sb.auth.onAuthStateChange((event, next) => {
    if (event === 'INITIAL_SESSION') return;
    applySession(next, event);
  });
  return () => data.subscription.unsubscribe();
}

async function recoverySignOut(sb: SupabaseClient): Promise<void> {
  try {
    await sb.auth.signOut({ scope: 'local' });
  } catch {
    // Nothing to sign out of: fall through to clearing storage.
  }
  try {
    await idbAuthStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // IndexedDB unavailable (private mode): nothing persisted either.
  }
}

export async function signIn(email: string, password: string): Promise<void> {
  try {
    const { error } = await supabase().auth.signInWithPassword({ email: email.trim(), password });
    if (error) throw error;
  } catch (e) {
    throw toAuthFailure(e);
  }
}

/** Creates an account; `signedIn` is false when the server asks for e-mail confirmation first. */
export async function signUp(email: string, password: string): Promise<{ signedIn: boolean }> {
  try {
    const { data, error } = await supabase().auth.signUp({ email: email.trim(), password });
    if (error) throw error;
    return { signedIn: Boolean(data.session) };
  } catch (e) {
    throw toAuthFailure(e);
  }
}

/** Global sign-out (every device). Throws an AuthFailure if the server could not be reached. */
export async function signOut(): Promise<void> {
  try {
    const { error } = await supabase().auth.signOut();
    if (error) throw error;
  } catch (e) {
    throw toAuthFailure(e);
  }
}

/** Forced sign-out (inactivity): global if possible, otherwise at least this device. */
export async function forceSignOut(): Promise<void> {
  try {
    await signOut();
  } catch {
    await recoverySignOut(supabase());
    applySession(null);
  }
}

export async function requestPasswordReset(email: string, origin: string): Promise<void> {
  try {
    const { error } = await supabase().auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${origin}/password-reset`,
    });
    if (error) throw error;
  } catch (e) {
    throw toAuthFailure(e);
  }
}

export interface RecoveryTokens {
  accessToken: string;
  refreshToken: string;
}

/** Reads `#access_token=…&refresh_token=…&type=recovery` (or an `error_description`) from a URL hash. */
export function parseRecoveryHash(hash: string): RecoveryTokens | { error: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const err = params.get('error_description') ?? params.get('error');
  if (err) return { error: err };
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (!accessToken || !refreshToken || params.get('type') !== 'recovery') return null;
  return { accessToken, refreshToken };
}

export async function startRecoverySession(tokens: RecoveryTokens): Promise<void> {
  try {
    const { error } = await supabase().auth.setSession({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
    });
    if (error) throw error;
  } catch (e) {
    throw toAuthFailure(e);
  }
}

export async function updatePassword(password: string): Promise<void> {
  try {
    const { error } = await supabase().auth.updateUser({ password });
    if (error) throw error;
  } catch (e) {
    throw toAuthFailure(e);
  }
}

export { AuthFailure };

/** Test helper: forget the client and state. */
export function resetAuthForTests(): void {
  client = undefined;
  adminRequest++;
  authStore.setState({ ...initialAuthState });
}
