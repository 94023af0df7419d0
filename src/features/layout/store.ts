// UI state of the chrome: the mobile menu and the in-flight sign-out shared by desktop and mobile.
import { createStore, useStore } from 'zustand';

interface LayoutState {
  menuOpen: boolean;
  signingOut: boolean;
}

export const layoutStore = createStore<LayoutState>(() => ({ menuOpen: false, signingOut: false }));

export function useLayout<T>(selector: (s: LayoutState) => T): T {
  return useStore(layoutStore, selector);
}

export const setMenuOpen = (menuOpen: boolean) => layoutStore.setState({ menuOpen });
export const setSigningOut = (signingOut: boolean) => layoutStore.setState({ signingOut });
