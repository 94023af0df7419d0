import { AuthScreen } from '@/features/auth/screens';
import { usePageTitle } from '../use-page-title';

export default function AuthRoute() {
  usePageTitle('Sign in');
  return <AuthScreen />;
}
