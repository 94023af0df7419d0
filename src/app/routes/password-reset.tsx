import { PasswordResetScreen } from '@/features/auth/screens';
import { usePageTitle } from '../use-page-title';

export default function PasswordResetRoute() {
  usePageTitle('Reset password');
  return <PasswordResetScreen />;
}
