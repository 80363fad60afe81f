import type { CardSettingsInput } from '@turtle/shared/cards-review';
import { cardReviewEndpoints } from '@turtle/shared/endpoints/cards/review';
import { api } from '../../../../lib/api-client';

/** `GET /api/cards/settings`. */
export const getCardSettings = async (signal?: AbortSignal) =>
  (await api.call(cardReviewEndpoints.settings, { signal })).settings;

/** `POST /api/cards/settings`. */
export const saveCardSettings = async (settings: CardSettingsInput) =>
  (await api.call(cardReviewEndpoints.saveSettings, { body: settings })).settings;
