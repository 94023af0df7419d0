// The personalisation questionnaire overlay (mounted by the main layout once signed in, reopened from /recommended).
export { PreferenceQuestionnaire } from './preference-questionnaire';
export { openQuestionnaire } from './store';
