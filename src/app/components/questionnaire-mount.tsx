// Loaded lazily once signed in (Dexie stays out of the first paint): the personalisation questionnaire
// overlay for the signed-in user (SPEC §2 overlays).
import { useAuth } from '@/features/auth';
import { PreferenceQuestionnaire } from '@/features/questionnaire';

export default function QuestionnaireMount() {
  const user = useAuth((s) => s.user);
  return <PreferenceQuestionnaire userId={user?.id ?? null} />;
}
