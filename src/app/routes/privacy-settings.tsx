import { PrivacySettingsScreen } from '@/features/privacy';
import { usePageTitle } from '../use-page-title';

export default function Screen() {
  usePageTitle('Privacy settings');
  return <PrivacySettingsScreen />;
}
