// UI state only: whether the questionnaire is open (automatically after sign-in, or from a button).
import { createStore, useStore } from 'zustand';

interface QuestionnaireUi {
  open: boolean;
}

export const questionnaireStore = createStore<QuestionnaireUi>(() => ({ open: false }));

export const openQuestionnaire = () => questionnaireStore.setState({ open: true });
export const closeQuestionnaire = () => questionnaireStore.setState({ open: false });
export const useQuestionnaireOpen = () => useStore(questionnaireStore, (s) => s.open);
