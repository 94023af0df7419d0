import { BrowseScreen } from '@/features/catalogue/browse/browse-screen';

export default function Screen() {
  return <BrowseScreen />;
}
