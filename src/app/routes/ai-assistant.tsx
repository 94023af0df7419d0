import { SparkIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Ask anything"
      title="AI assistant"
      intro="Chat about running costs, tax bands, finance and which car suits you."
      icon={<SparkIcon size={26} />}
      emptyTitle="Start a conversation"
      emptyDescription="The assistant’s chat will appear here. Try asking how much a car costs to tax or insure."
    />
  );
}
