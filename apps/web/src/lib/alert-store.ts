import { create } from 'zustand';
import { ALERT_AUTO_DISMISS_MS } from '@turtle/shared/constants';

export interface Alert {
  id: number;
  message: string;
  type: 'warning';
}

interface AlertState {
  alert: Alert | null;
  showAlert: (message: string) => void;
  dismissAlert: () => void;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;

/** The alert bar (product.md §4): warning-type, visible until dismissed or for 7000 ms; a new one replaces the old. */
export const useAlertStore = create<AlertState>()((set) => ({
  alert: null,
  showAlert: (message) => {
    clearTimeout(timer);
    const alert: Alert = { id: nextId++, message, type: 'warning' };
    set({ alert });
    timer = setTimeout(
      () => set((state) => (state.alert?.id === alert.id ? { alert: null } : state)),
      ALERT_AUTO_DISMISS_MS,
    );
  },
  dismissAlert: () => {
    clearTimeout(timer);
    set({ alert: null });
  },
}));

export const showAlert = (message: string) => useAlertStore.getState().showAlert(message);
