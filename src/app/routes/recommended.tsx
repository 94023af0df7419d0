import { useAuth } from '@/features/auth';
import { openQuestionnaire } from '@/features/questionnaire';
import { RecommendedScreen } from '@/features/recommendations';
import { usePageTitle } from '../use-page-title';

export default function Screen() {
  usePageTitle('Recommended for you');
  const user = useAuth((s) => s.user);
  const loading = useAuth((s) => s.loading);
  return <RecommendedScreen userId={user?.id ?? null} authLoading={loading} onEditPreferences={openQuestionnaire} />;
}
