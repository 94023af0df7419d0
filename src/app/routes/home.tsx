import { usePageTitle } from '../use-page-title';
import { HomeScreen } from '@/features/home';

export default function Screen() {
  usePageTitle('');
  return <HomeScreen />;
}
