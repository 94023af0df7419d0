// The auth feature's light surface: state, hooks and messages load with the first paint; the
// Supabase-backed actions and the screens load on demand.
export { authStore, useAuth, type AuthState } from './state';
export { useSessionTimeout } from './use-session-timeout';
export { authErrorMessage, AUTH_MESSAGES, AuthFailure } from './auth-errors';
export { validateEmail, validateNewPassword } from './validation';

/** Loads the Supabase-backed actions (initAuth, signIn, signOut…). */
export const loadAuthActions = () => import('./store');

/** /account's change-password card; loads the Supabase-backed actions only when submitted. */
export { ChangePasswordForm } from './components/change-password-form';
