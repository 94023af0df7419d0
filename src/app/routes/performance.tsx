import { ChartIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Speed"
      title="Performance monitor"
      intro="Core Web Vitals measured on this device — LCP, INP, CLS, FCP and TTFB — against Google’s good and poor limits."
      icon={<ChartIcon size={26} />}
      emptyTitle="No measurements yet"
      emptyDescription="Readings for this session will be listed here as you use the app."
    />
  );
}
