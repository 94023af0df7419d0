import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY, idbAuthStorage } from '@/sync/supabase-client';
import { authStore, initAuth, parseRecoveryHash, resetAuthForTests, signOut } from './store';
import { readSignInHint } from './sign-in-hint';

type Listener = (event: string, session: Session | null) => void;

function fakeClient(opts: {
  session?: Session | null;
  getSessionError?: boolean;
  admin?: boolean | 'error';
  signOutError?: boolean;
}) {
  const listeners: Listener[] = [];
  const signOutCalls: (string | undefined)[] = [];
  const client = {
    auth: {
      getSession: async () =>
        opts.getSessionError
          ? { data: { session: null }, error: new Error('Invalid Refresh Token') }
          : { data: { session: opts.session ?? null }, error: null },
      onAuthStateChange: (cb: Listener) => {
        listeners.push(cb);
        return { data: { subscription: { unsubscribe: () => listeners.splice(listeners.indexOf(cb), 1) } } };
      },
      signOut: async (o?: { scope?: string }) => {
        signOutCalls.push(o?.scope);
        return {
          error: opts.signOutError
            ? Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 })
            : null,
        };
      },
    },
    rpc: async (fn: string) => {
      expect(fn).toBe('is_admin');
      if (opts.admin === 'error') return { data: null, error: { message: 'boom' } };
      return { data: opts.admin ?? false, error: null };
    },
  };
  return { client: client as unknown as SupabaseClient, listeners, signOutCalls };
}

const session = (id: string): Session => ({
  access_token: 'a',
  refresh_token: 'r',
  expires_in: 3600,
  token_type: 'bearer',
  user: { id, app_metadata: {}, user_metadata: {}, aud: 'authenticated', created_at: '2026-11-23T00:00:00Z' },
});
const settle = () => new Promise((r) => setTimeout(r, 5));

describe('auth store', () => {
  beforeEach(async () => {
    resetAuthForTests();
    await idbAuthStorage.removeItem(AUTH_STORAGE_KEY);
  });
  afterEach(() => resetAuthForTests());

  it('signed out: loading ends with no user and isAdmin false', async () => {
    const { client, signOutCalls } = fakeClient({});
    await initAuth(client);
    expect(authStore.getState()).toMatchObject({ loading: false, user: null, isAdmin: false });
    expect(signOutCalls).toEqual([]);
  });

  it('sets isAdmin from rpc is_admin, keeping loading true until it answers', async () => {
    const { client } = fakeClient({ session: session('u1'), admin: true });
    await initAuth(client);
    expect(authStore.getState()).toMatchObject({ loading: true, isAdmin: false });
    await settle();
    expect(authStore.getState()).toMatchObject({ loading: false, isAdmin: true, adminChecked: true });
  });

  it('isAdmin is false when the check errors, and after sign-out', async () => {
    const { client, listeners } = fakeClient({ session: session('u1'), admin: 'error' });
    await initAuth(client);
    await settle();
    expect(authStore.getState()).toMatchObject({ loading: false, isAdmin: false });
    listeners.forEach((l) => l('SIGNED_OUT', null));
    expect(authStore.getState()).toMatchObject({ user: null, isAdmin: false });
  });

  it('remembers the sign-in state for the header of the next visit (sign-in-hint.ts)', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
    });
    try {
      const { client, listeners } = fakeClient({ session: session('u1') });
      await initAuth(client);
      expect(readSignInHint()).toBe('in');
      listeners.forEach((l) => l('SIGNED_OUT', null));
      expect(readSignInHint()).toBe('out');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('leftover storage that fails to restore triggers a recovery sign-out', async () => {
    await idbAuthStorage.setItem(AUTH_STORAGE_KEY, '{"broken":true}');
    const { client, signOutCalls } = fakeClient({ getSessionError: true });
    await initAuth(client);
    expect(signOutCalls).toEqual(['local']);
    expect(await idbAuthStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(authStore.getState()).toMatchObject({ loading: false, user: null });
  });

  it('failed sign-out throws a friendly auth error', async () => {
    const { client } = fakeClient({ session: session('u1'), signOutError: true });
    await initAuth(client);
    await expect(signOut()).rejects.toThrow('Unable to connect to authentication service. Please try again.');
  });

  it('parses recovery fragments', () => {
    expect(parseRecoveryHash('#access_token=a&refresh_token=r&type=recovery')).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(parseRecoveryHash('#access_token=a&refresh_token=r&type=signup')).toBeNull();
    expect(parseRecoveryHash('#error=access_denied&error_description=Link+expired')).toEqual({ error: 'Link expired' });
    expect(parseRecoveryHash('')).toBeNull();
  });
});
