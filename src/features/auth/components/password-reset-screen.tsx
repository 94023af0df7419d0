import '../auth.css';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink, Field, Input, LoadingBlock, toast } from '@/shared/ui';
import { parseRecoveryHash, startRecoverySession, updatePassword, useAuth } from '../store';
import { validateNewPassword } from '../validation';
import { authErrorMessage } from '../auth-errors';
import { showAuthFailure } from './show-auth-failure';
import { AuthCard } from './auth-card';

type Phase = 'checking' | 'ready' | 'invalid';

/** Opened from the reset e-mail: the recovery session arrives in the URL fragment. */
/** An input's change handler that stores the typed text. */
const setFrom = (set: (text: string) => void) => (e: { target: { value: string } }) => set(e.target.value);

export function PasswordResetScreen() {
  const navigate = useNavigate();
  const hasUser = useAuth((s) => Boolean(s.user));
  const authLoading = useAuth((s) => s.loading);
  const [phase, setPhase] = useState<Phase>('checking');
  const [problem, setProblem] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null; form?: string | null }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const parsed = parseRecoveryHash(window.location.hash);
    if (parsed === null) return; // no tokens: decided below once auth has loaded
    // Tokens must not linger in the address bar or history.
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if ('error' in parsed) {
      setProblem(parsed.error);
      setPhase('invalid');
      return;
    }
    startRecoverySession(parsed)
      .then(() => setPhase('ready'))
      .catch((err: unknown) => {
        setProblem(authErrorMessage(err));
        setPhase('invalid');
      });
  }, []);

  useEffect(() => {
    if (phase !== 'checking' || authLoading || parseRecoveryHash(window.location.hash) !== null) return;
    setPhase(hasUser ? 'ready' : 'invalid');
  }, [phase, authLoading, hasUser]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const pwError = validateNewPassword(password);
    const confirmError = password === confirm ? null : 'Passwords do not match';
    if (pwError || confirmError) {
      setErrors({ password: pwError, confirm: confirmError });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await updatePassword(password);
      toast({ title: 'Password updated', description: "You're signed in with your new password.", variant: 'success' });
      navigate('/', { replace: true });
    } catch (err) {
      showAuthFailure(err, setErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Reset your password" intro="Choose a new password for your Motorly account.">
      {phase === 'checking' && <LoadingBlock label="Checking your reset link…" />}
      {phase === 'invalid' && (
        <div className="stack">
          <div className="alert alert--danger" role="alert">
            {problem ?? 'This reset link is invalid or has expired.'} Request a new link from the sign-in page.
          </div>
          <ButtonLink to="/auth" variant="primary" size="lg" block>
            Back to Sign In
          </ButtonLink>
        </div>
      )}
      {phase === 'ready' && (
        <form className="stack" noValidate onSubmit={onSubmit}>
          {errors.form && (
            <div className="alert alert--danger" role="alert">
              {errors.form}
            </div>
          )}
          <Field
            label="New password"
            error={errors.password}
            hint="At least 12 characters with upper and lower case letters, numbers and a symbol."
          >
            <Input type="password" autoComplete="new-password" value={password} onChange={setFrom(setPassword)} />
          </Field>
          <Field label="Confirm new password" error={errors.confirm}>
            <Input type="password" autoComplete="new-password" value={confirm} onChange={setFrom(setConfirm)} />
          </Field>
          <Button type="submit" variant="primary" size="lg" block loading={busy}>
            Update password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
