import { READY_LESSON_IDS } from '@turtle/shared/constants';
import type { TranscriptEntry } from '@turtle/shared/lesson';

/** A passage of a lesson's transcript: a few sentences, and when the first of them starts. */
export interface LessonPassage {
  body: string;
  startMs: number;
}

/** Sentences a passage gathers at most, and the words past which it ends at the next sentence. */
const PASSAGE_SENTENCES_MAX = 4;
const PASSAGE_WORDS = 60;

/**
 * A transcript as passages of a few sentences (decision 039): a paragraph's end ends one, and so do four sentences
 * or about sixty words, so a result opens the lesson near the words it matched. Every sentence is in one passage.
 */
export function lessonPassages(transcript: readonly TranscriptEntry[]): LessonPassage[] {
  const passages: LessonPassage[] = [];
  let sentences: string[] = [];
  let words = 0;
  let startMs = 0;
  for (const entry of transcript) {
    if (sentences.length === 0) startMs = entry.startMs;
    sentences.push(entry.sentence.trim());
    words += entry.sentence.split(/\s+/).filter(Boolean).length;
    if (entry.isParagraphEnd || sentences.length >= PASSAGE_SENTENCES_MAX || words >= PASSAGE_WORDS) {
      passages.push({ body: sentences.join(' '), startMs });
      sentences = [];
      words = 0;
    }
  }
  if (sentences.length > 0) passages.push({ body: sentences.join(' '), startMs });
  return passages;
}

/**
 * The lessons a signed-in person can open (rules.md "Lessons"): every ready one, whatever the plan. What search and
 * the chat may quote of the shared lesson passages (decision 039).
 */
export function lessonsOpenTo(): readonly string[] {
  return READY_LESSON_IDS;
}
