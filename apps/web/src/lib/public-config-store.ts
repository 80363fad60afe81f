import { create } from 'zustand';
import type { PublicConfig } from '@turtle/shared/app-config';

/** Server settings the browser may know, loaded once at start. */
export const usePublicConfig = create<PublicConfig>()(() => ({ supportEmail: 'support@example.com' }));
