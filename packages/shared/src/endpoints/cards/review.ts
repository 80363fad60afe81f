import type { ForecastQuerySchema, LoadForecast } from '../../cards-optimizer';
import type {
  CardSettings,
  CardSettingsSchema,
  GradeBodySchema,
  GradeQuerySchema,
  GradeResponse,
  NextCardQuerySchema,
  NextCardResponse,
  UndoResponse,
} from '../../cards-review';
import { defineEndpoints, shapes } from '../endpoint';

/** docs/api.md "Flashcards": the review queue, grades and their undo, the review settings and their forecast. */
export const cardReviewEndpoints = defineEndpoints({
  next: {
    method: 'GET',
    path: '/api/cards/review/next',
    shapes: shapes<{ query: typeof NextCardQuerySchema; response: NextCardResponse }>(),
  },
  grade: {
    method: 'POST',
    path: '/api/cards/review/grade',
    encoding: 'json',
    idempotent: true,
    shapes: shapes<{ body: typeof GradeBodySchema; query: typeof GradeQuerySchema; response: GradeResponse }>(),
  },
  /** Sent with an empty JSON body: the last own grade is taken back. */
  undo: {
    method: 'POST',
    path: '/api/cards/review/undo',
    encoding: 'json',
    shapes: shapes<{ response: UndoResponse }>(),
  },
  settings: {
    method: 'GET',
    path: '/api/cards/settings',
    shapes: shapes<{ response: { settings: CardSettings } }>(),
  },
  saveSettings: {
    method: 'POST',
    path: '/api/cards/settings',
    encoding: 'json',
    shapes: shapes<{ body: typeof CardSettingsSchema; response: { settings: CardSettings } }>(),
  },
  forecast: {
    method: 'GET',
    path: '/api/cards/forecast',
    shapes: shapes<{ query: typeof ForecastQuerySchema; response: LoadForecast }>(),
  },
});
