import '../auth.css';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '@/shared/lib/routes';
import { Button, EmailInput, Field, Input, toast } from '@/shared/ui';
import { requestPasswordReset, signIn, signUp } from '../store';
import { validateEmail, validateNewPassword } from '../validation';
import { showAuthFailure } from './show-auth-failure';
import { AuthCard } from './auth-card';
import { DemoAccounts, type DemoAccount } from './demo-accounts';

type Tab = 'signin' | 'signup';

interface Errors {
  email?: string | null;
  password?: string | null;
  form?: string | null;
}

export function AuthScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'signup' ? 'signup' : 'signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'submit' | 'reset' | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const redirect = safeRedirect(params.get('redirect'));

  const switchTab = (next: Tab) => {
    setTab(next);
    setErrors({});
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const emailError = validateEmail(email);
    const passwordError =
      tab === 'signup' ? validateNewPassword(password) : password ? null : 'Please enter your password';
    if (emailError || passwordError) {
      setErrors({ email: emailError, password: passwordError });
      return;
    }
    setErrors({});
    setBusy('submit');
    try {
      if (tab === 'signin') {
        await signIn(email, password);
        toast({ title: 'Logged in successfully!', variant: 'success' });
        navigate(redirect, { replace: true });
      } else {
        const { signedIn } = await signUp(email, password);
        if (signedIn) {
          toast({ title: 'Account created successfully!', variant: 'success' });
          navigate(redirect, { replace: true });
        } else {
          toast({
            title: 'Account created successfully!',
            description: 'Check your email to confirm your address, then sign in.',
            variant: 'success',
          });
          switchTab('signin');
        }
      }
    } catch (err) {
      showAuthFailure(err, setErrors);
    } finally {
      setBusy(null);
    }
  };

  const onForgot = async () => {
    const emailError = validateEmail(email);
    if (emailError) {
      setErrors({ email: emailError, form: 'Enter your email address above, then choose “Forgot password?” again.' });
      return;
    }
    setErrors({});
    setBusy('reset');
    try {
      await requestPasswordReset(email, window.location.origin);
      toast({
        title: 'Password reset email sent!',
        description: `If an account exists for ${email.trim()}, a reset link is on its way.`,
        variant: 'success',
      });
    } catch (err) {
      showAuthFailure(err, setErrors);
    } finally {
      setBusy(null);
    }
  };

  const useDemo = (a: DemoAccount) => {
    switchTab('signin');
    setEmail(a.email);
    setPassword(a.password);
    passwordRef.current?.focus();
  };

  const isSignIn = tab === 'signin';
  return (
    <AuthCard
      title={isSignIn ? 'Welcome back' : 'Create your account'}
      intro={
        isSignIn
          ? 'Sign in to sync your saved cars, alerts and leads.'
          : 'Save cars, set price alerts and get personal picks.'
      }
    >
      <div className="tabs" role="tablist" aria-label="Sign in or create an account">
        <button
          type="button"
          role="tab"
          id="tab-signin"
          aria-selected={isSignIn}
          aria-controls="auth-panel"
          className="tabs__tab"
          onClick={() => switchTab('signin')}
        >
          Sign In
        </button>
        <button
          type="button"
          role="tab"
          id="tab-signup"
          aria-selected={!isSignIn}
          aria-controls="auth-panel"
          className="tabs__tab"
          onClick={() => switchTab('signup')}
        >
          Create Account
        </button>
      </div>
      <form
        id="auth-panel"
        role="tabpanel"
        aria-labelledby={isSignIn ? 'tab-signin' : 'tab-signup'}
        className="stack"
        noValidate
        onSubmit={onSubmit}
      >
        {errors.form && (
          <div className="alert alert--danger" role="alert" data-testid="auth-error">
            {errors.form}
          </div>
        )}
        <Field label="Email" error={errors.email}>
          <EmailInput value={email} onValueChange={setEmail} />
        </Field>
        <Field
          label="Password"
          error={errors.password}
          hint={
            isSignIn ? undefined : 'At least 12 characters with upper and lower case letters, numbers and a symbol.'
          }
        >
          <Input
            ref={passwordRef}
            type="password"
            name="password"
            autoComplete={isSignIn ? 'current-password' : 'new-password'}
            value={password}
            onValueChange={setPassword}
          />
        </Field>
        {isSignIn && (
          <div className="auth-card__row">
            <Button variant="link" size="sm" onClick={onForgot} loading={busy === 'reset'} disabled={busy !== null}>
              Forgot password?
            </Button>
          </div>
        )}
        <Button type="submit" variant="primary" size="lg" block loading={busy === 'submit'} disabled={busy !== null}>
          {isSignIn ? 'Sign In' : 'Create Account'}
        </Button>
      </form>
      <p className="auth-card__switch muted">
        {isSignIn ? 'New to Motorly? ' : 'Already have an account? '}
        <button type="button" className="btn btn--link" onClick={() => switchTab(isSignIn ? 'signup' : 'signin')}>
          {isSignIn ? 'Create an account' : 'Sign in instead'}
        </button>
      </p>
      <DemoAccounts onUse={useDemo} />
    </AuthCard>
  );
}
