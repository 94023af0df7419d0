import { AiSearchScreen } from '@/features/ai-search/ai-search-screen';
import { usePageTitle } from '../use-page-title';

export default function Screen() {
  usePageTitle('AI Search');
  return <AiSearchScreen />;
}
