import { Suspense } from 'react';
import { LoadingBlock } from '@/shared/ui';
import { PerformanceScreen } from '@/features/performance';
import { usePageTitle } from '../use-page-title';

export default function Screen() {
  usePageTitle('Performance monitor');
  return (
    <Suspense fallback={<LoadingBlock label="Loading performance monitor..." />}>
      <PerformanceScreen />
    </Suspense>
  );
}
