// Shell-level UI state the app composes across features (features cannot import each other).
import { createStore, useStore } from 'zustand';

interface ShellState {
  unreadCount: number;
  notificationsOpen: boolean;
  /** The signed-in user belongs to a dealer (the header's Dealer Hub link). */
  isDealer: boolean;
}

export const shellStore = createStore<ShellState>(() => ({
  unreadCount: 0,
  notificationsOpen: false,
  isDealer: false,
}));

export function useShell<T>(selector: (s: ShellState) => T): T {
  return useStore(shellStore, selector);
}

export const setUnreadCount = (unreadCount: number) => shellStore.setState({ unreadCount });
export const setNotificationsOpen = (notificationsOpen: boolean) => shellStore.setState({ notificationsOpen });
export const setIsDealer = (isDealer: boolean) => shellStore.setState({ isDealer });
