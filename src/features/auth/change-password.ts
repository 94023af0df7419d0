// Changing the password from /account: the current password is checked by signing in again with
// it (same account, fresh session) before the new one is set.
import { AUTH_MESSAGES, AuthFailure } from './auth-errors';
import { authStore } from './state';
import { validateNewPassword } from './validation';

export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Enter your current password.',
  currentWrong: 'Your current password is not correct.',
  mismatch: 'The new passwords do not match.',
  same: 'Choose a password different from your current one.',
} as const;

export interface ChangePasswordInput {
  current: string;
  next: string;
  confirm: string;
}

export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordInput, string>>;

/** Form checks before anything is sent; empty when the input can be submitted. */
export function checkChangePassword({ current, next, confirm }: ChangePasswordInput): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (!current) errors.current = CHANGE_PASSWORD_MESSAGES.currentRequired;
  const weak = validateNewPassword(next);
  if (weak) errors.next = weak;
  else if (next === current) errors.next = CHANGE_PASSWORD_MESSAGES.same;
  if (confirm !== next) errors.confirm = CHANGE_PASSWORD_MESSAGES.mismatch;
  return errors;
}

/** Verifies the current password, then sets the new one. Throws AuthFailure with a friendly message. */
export async function changePassword(current: string, next: string): Promise<void> {
  const email = authStore.getState().user?.email;
  if (!email) throw new AuthFailure(AUTH_MESSAGES.generic);
  const { signIn, updatePassword } = await import('./store');
  try {
    await signIn(email, current);
  } catch (e) {
    if (e instanceof AuthFailure && e.message === AUTH_MESSAGES.invalidCredentials) {
      throw new AuthFailure(CHANGE_PASSWORD_MESSAGES.currentWrong, e);
    }
    throw e;
  }
  await updatePassword(next);
}
