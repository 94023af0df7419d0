import { RoadmapScreen } from '@/features/roadmap';
import { usePageTitle } from '../use-page-title';

export default function Screen() {
  usePageTitle('AI 2026 roadmap');
  return <RoadmapScreen />;
}
