import { TechDemoScreen } from '@/features/tech-demo';
import { usePageTitle } from '../use-page-title';

export default function Screen() {
  usePageTitle('Tech demo');
  return <TechDemoScreen />;
}
