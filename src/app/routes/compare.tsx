import { CompareScreen } from '@/features/catalogue/compare/compare-screen';

export default function Screen() {
  return <CompareScreen />;
}
