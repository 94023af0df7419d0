// The bell's sheet body, loaded when the sheet first opens (it pulls in Dexie and the panel).
import { NotificationPanel } from '@/features/notifications';

export default function NotificationsSheetBody() {
  return <NotificationPanel />;
}
