import { AdminDashboardScreen } from '@/features/admin';

export default function Screen() {
  return <AdminDashboardScreen />;
}
