import { usePageTitle } from '../use-page-title';
import { BrowseScreen } from '@/features/catalogue/browse/browse-screen';

export default function Screen() {
  usePageTitle('Browse cars');
  return <BrowseScreen />;
}
