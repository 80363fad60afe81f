import type { ReplyQuota } from '../../core/assistant/reply-quota';
import type { AssistantConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { CardDrafter } from '../../providers/llm/card-drafter';
import type { LessonCatalog } from '../../core/lessons/lesson-catalog';
import type { TranscriptEntry } from '@turtle/shared/lesson';

/** A learner's own lesson as a card source reads it (docs/decisions/046-own-lessons.md). */
export interface OwnLessonText {
  id: string;
  title: string;
  transcript: TranscriptEntry[];
}

export interface CardsOptions {
  db: Db;
  drafter: CardDrafter;
  /** The plan's assistant replies a day: drafting counts as one, on the assistant's one count. */
  assistant: AssistantConfig;
  quota: ReplyQuota;
  /** The lessons, read when a card is first drafted from one. */
  lessons: () => Promise<LessonCatalog>;
  /** A learner's own lesson, if it is theirs: the app hands the lessons feature's reader over. */
  ownLesson: (userId: string, lessonId: string) => Promise<OwnLessonText | null>;
}
