import type { AssistantConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { CardDrafter } from '../../providers/llm/card-drafter';
import type { LessonCatalog } from '../lessons/lesson-catalog';

export interface CardsOptions {
  db: Db;
  drafter: CardDrafter;
  /** The plan's assistant replies a day: drafting counts as one. */
  assistant: AssistantConfig;
  /** The lessons, read when a card is first drafted from one. */
  lessons: () => Promise<LessonCatalog>;
}
