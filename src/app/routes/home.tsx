import { HomeScreen } from '@/features/catalogue/home/home-screen';

export default function Screen() {
  return <HomeScreen />;
}
