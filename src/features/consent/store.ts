// UI state of the consent overlays: whether the customise dialog is open.
import { create } from 'zustand';

interface ConsentUi {
  dialogOpen: boolean;
}

export const useConsentUi = create<ConsentUi>(() => ({ dialogOpen: false }));

export function openConsentDialog(): void {
  useConsentUi.setState({ dialogOpen: true });
}

export function closeConsentDialog(): void {
  useConsentUi.setState({ dialogOpen: false });
}
