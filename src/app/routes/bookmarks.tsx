import { BookmarkIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Saved cars"
      title="Bookmarks"
      intro="The cars and listings you have saved, available offline on this device and synced when you sign in."
      icon={<BookmarkIcon size={26} />}
      emptyTitle="No saved cars yet"
      emptyDescription="Tap the bookmark icon on any car or listing and it will appear here."
    />
  );
}
