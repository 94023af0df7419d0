import { PasswordResetScreen } from '@/features/auth/components/password-reset-screen';
import { usePageTitle } from '../use-page-title';

export default function PasswordResetRoute() {
  usePageTitle('Reset password');
  return <PasswordResetScreen />;
}
