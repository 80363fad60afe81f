import type { CardSettings } from '@turtle/shared/cards-review';
import { api } from '../../../../lib/api-client';

/** `GET /api/cards/settings`. */
export const getCardSettings = async (signal?: AbortSignal) =>
  (await api.get<{ settings: CardSettings }>('/api/cards/settings', signal)).settings;

/** `POST /api/cards/settings`. */
export const saveCardSettings = async (settings: CardSettings) =>
  (await api.postJson<{ settings: CardSettings }>('/api/cards/settings', settings)).settings;
