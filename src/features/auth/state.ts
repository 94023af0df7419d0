// Sign-in state only (no Supabase import), so the nav and guards can read it from the first paint
// while the Supabase client loads lazily with store.ts.
import type { Session, User } from '@supabase/supabase-js';
import { createStore, useStore } from 'zustand';

export interface AuthState {
  session: Session | null;
  user: User | null;
  loading: boolean;
  isAdmin: boolean;
  /** The admin check for the current user has answered. */
  adminChecked: boolean;
}

export const initialAuthState: AuthState = {
  session: null,
  user: null,
  loading: true,
  isAdmin: false,
  adminChecked: false,
};

export const authStore = createStore<AuthState>(() => ({ ...initialAuthState }));

export function useAuth<T>(selector: (s: AuthState) => T): T {
  return useStore(authStore, selector);
}
