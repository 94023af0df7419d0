import { usePageTitle } from '../use-page-title';
import { BrowseScreen } from '@/features/browse';

export default function Screen() {
  usePageTitle('Browse cars');
  return <BrowseScreen />;
}
