// Notification preferences and the preference profile: repository, hooks and writes.
export { useNotificationPreferences, useProfile, type PreferencesView } from '../hooks/use-preferences';
export { preferenceWrites } from '../writers';
export { saveNotificationPreferences, saveProfile, type ProfileInput } from '../repositories/preferences';
