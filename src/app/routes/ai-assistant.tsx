import { AiAssistantScreen } from '@/features/ai-assistant';
import { usePageTitle } from '../use-page-title';

export default function Screen() {
  usePageTitle('AI assistant');
  return <AiAssistantScreen />;
}
