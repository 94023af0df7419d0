import { AiAssistantScreen } from '@/features/ai-assistant/ai-assistant-screen';
import { usePageTitle } from '../use-page-title';

export default function Screen() {
  usePageTitle('AI assistant');
  return <AiAssistantScreen />;
}
