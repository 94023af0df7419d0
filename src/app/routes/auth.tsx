import { AuthScreen } from '@/features/auth/components/auth-screen';
import { usePageTitle } from '../use-page-title';

export default function AuthRoute() {
  usePageTitle('Sign in');
  return <AuthScreen />;
}
