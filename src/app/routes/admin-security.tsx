import { AdminSecurityScreen } from '@/features/admin';

export default function Screen() {
  return <AdminSecurityScreen />;
}
