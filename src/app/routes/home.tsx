import { usePageTitle } from '../use-page-title';
import { HomeScreen } from '@/features/catalogue/home/home-screen';

export default function Screen() {
  usePageTitle('');
  return <HomeScreen />;
}
