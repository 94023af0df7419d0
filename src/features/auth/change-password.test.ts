import { describe, expect, it } from 'vitest';
import { AUTH_VALIDATION } from './validation';
import { CHANGE_PASSWORD_MESSAGES, checkChangePassword } from './change-password';

const STRONG = 'Brisk-Kestrel-Orbit-58';

describe('checkChangePassword', () => {
  it('passes a complete, strong, confirmed change', () => {
    expect(checkChangePassword({ current: 'Old-Password-1x!', next: STRONG, confirm: STRONG })).toEqual({});
  });
  it('asks for the current password, a policy-compliant new one and a matching confirmation', () => {
    expect(checkChangePassword({ current: '', next: 'short', confirm: 'other' })).toEqual({
      current: CHANGE_PASSWORD_MESSAGES.currentRequired,
      next: AUTH_VALIDATION.length,
      confirm: CHANGE_PASSWORD_MESSAGES.mismatch,
    });
    expect(checkChangePassword({ current: STRONG, next: STRONG, confirm: STRONG })).toEqual({
      next: CHANGE_PASSWORD_MESSAGES.same,
    });
  });
});
