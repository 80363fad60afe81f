import type { ReplyQuota } from '../../core/assistant/reply-quota';
import type { AssistantConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { CardDrafter } from '../../providers/llm/card-drafter';
import type { LessonCatalog } from '../../core/lessons/lesson-catalog';

export interface CardsOptions {
  db: Db;
  drafter: CardDrafter;
  /** The plan's assistant replies a day: drafting counts as one, on the assistant's one count. */
  assistant: AssistantConfig;
  quota: ReplyQuota;
  /** The lessons, read when a card is first drafted from one. */
  lessons: () => Promise<LessonCatalog>;
}
