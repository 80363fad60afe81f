import { create } from 'zustand';
import type { PublicConfig } from '@turtle/shared/app-config';

/** Server settings the browser may know, loaded once at start. No "Continue with" button until they arrive. */
export const usePublicConfig = create<PublicConfig>()(() => ({
  supportEmail: 'support@example.com',
  signInProvider: null,
  assistant: 'offline',
  // Until the server says which models it serves, requests name none (the server's default answers).
  models: [],
  payments: 'demo',
}));
