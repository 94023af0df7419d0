import { AiSearchScreen } from '@/features/ai-search';
import { usePageTitle } from '../use-page-title';

export default function Screen() {
  usePageTitle('AI Search');
  return <AiSearchScreen />;
}
