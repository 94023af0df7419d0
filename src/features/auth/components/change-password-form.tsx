import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, toast } from '@/shared/ui';
import { authErrorMessage } from '../auth-errors';
import {
  changePassword,
  checkChangePassword,
  type ChangePasswordErrors,
  type ChangePasswordInput,
} from '../change-password';

const EMPTY: ChangePasswordInput = { current: '', next: '', confirm: '' };

/** /account's change-password card (needs the current password). */
export function ChangePasswordForm() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (key: keyof ChangePasswordInput) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
    setFailure(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkChangePassword(form);
    if (Object.keys(found).length) return setErrors(found);
    setBusy(true);
    try {
      await changePassword(form.current, form.next);
      setForm(EMPTY);
      toast({
        title: 'Password changed',
        description: 'Use your new password next time you sign in.',
        variant: 'success',
      });
    } catch (err) {
      setFailure(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="acc-password-title" className="acc-card">
      <h2 id="acc-password-title" className="card__title">
        Change password
      </h2>
      <form className="acc-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="Current password" error={errors.current}>
          <Input type="password" autoComplete="current-password" value={form.current} onChange={change('current')} />
        </Field>
        <Field
          label="New password"
          hint="At least 12 characters with uppercase, lowercase, numbers and special characters."
          error={errors.next}
        >
          <Input type="password" autoComplete="new-password" value={form.next} onChange={change('next')} />
        </Field>
        <Field label="Confirm new password" error={errors.confirm}>
          <Input type="password" autoComplete="new-password" value={form.confirm} onChange={change('confirm')} />
        </Field>
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
        <div>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
