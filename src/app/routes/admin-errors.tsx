import { AdminErrorsScreen } from '@/features/admin';

export default function Screen() {
  return <AdminErrorsScreen />;
}
