import type { ForecastQuerySchema, LoadForecast } from '../../cards-optimizer';
import type {
  CardSettings,
  CardSettingsSchema,
  GradeBodySchema,
  GradeResponse,
  NextCardQuerySchema,
  NextCardResponse,
  UndoResponse,
} from '../../cards-review';
import { endpointTable, get, post } from '../endpoint';

/** docs/api.md "Flashcards": the review queue, grades and their undo, the review settings and their forecast. */
export const cardReviewEndpoints = endpointTable<CardReviewShapes>()({
  next: get('/api/cards/review/next'),
  grade: post('/api/cards/review/grade', { encoding: 'json', idempotent: true }),
  /** Sent with an empty JSON body: the last own grade is taken back. */
  undo: post('/api/cards/review/undo', { encoding: 'json' }),
  settings: get('/api/cards/settings'),
  saveSettings: post('/api/cards/settings', { encoding: 'json' }),
  forecast: get('/api/cards/forecast'),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type CardReviewShapes = {
  next: { query: typeof NextCardQuerySchema; response: NextCardResponse };
  grade: { body: typeof GradeBodySchema; response: GradeResponse };
  undo: { response: UndoResponse };
  settings: { response: { settings: CardSettings } };
  saveSettings: { body: typeof CardSettingsSchema; response: { settings: CardSettings } };
  forecast: { query: typeof ForecastQuerySchema; response: LoadForecast };
};
