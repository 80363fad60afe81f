import type { LessonContext, MentionedNote } from './assistant';

const MIN_WORD_LENGTH = 3;
const QUOTED_SENTENCES = 3;
const STOP_WORDS = new Set([
  'the',
  'and',
  'for',
  'are',
  'but',
  'not',
  'you',
  'your',
  'with',
  'this',
  'that',
  'what',
  'how',
  'why',
  'who',
  'was',
  'has',
  'have',
  'from',
  'about',
  'can',
  'does',
  'did',
]);

function words(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
      (word) => word.length >= MIN_WORD_LENGTH && !STOP_WORDS.has(word),
    ),
  );
}

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * The sentences of `text`, by the Unicode sentence rules (ICU): a point inside a number ("0.2%", "$3.50") or an
 * abbreviation ("U.S.") does not end a sentence, as splitting at every "." did (architecture.md "The assistant").
 */
export function sentencesOf(text: string): string[] {
  return Array.from(sentenceSegmenter.segment(text.replace(/\s+/g, ' ')), (part) => part.segment.trim()).filter(
    Boolean,
  );
}

/** How to connect a model: said once per conversation, in the first reply (architecture.md "The assistant"). */
export const CONNECT_MODEL_HINT =
  'To get real answers, connect a model: see “Assistant” in the README (`LLM_BASE_URL`, `LLM_API_KEY`).';

/** Whether the assistant has answered in this conversation before (the last message is the new question). */
export function hasAnsweredBefore(conversation: { role: string }[]): boolean {
  return conversation.slice(0, -1).some((message) => message.role === 'assistant');
}

/** The sentences of `text` that share the most words with `question`, in their original order. */
export function mostRelevantSentences(text: string, question: string, count = QUOTED_SENTENCES): string[] {
  const asked = words(question);
  const scored = sentencesOf(text).map((sentence, index) => {
    let score = 0;
    for (const word of words(sentence)) if (asked.has(word)) score += 1;
    return { sentence, index, score };
  });
  const matching = scored.filter((item) => item.score > 0);
  const chosen = (matching.length ? matching : scored)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index);
  return chosen.map((item) => item.sentence);
}

/** Where a quote is from: the note, the past chat, the card (decision 044) or the lesson's moment. */
function quotedFrom({ name, found }: MentionedNote): string {
  if (found?.kind === 'chat') return `From your chat “${name}”`;
  if (found?.kind === 'card') return `From your card “${name}”`;
  if (found?.kind === 'lesson') return `From the lesson “${name}” at ${found.at}`;
  return `From your note “${name}”`;
}

/**
 * rules.md "Chat": without a model, say so, and still be useful: quote the parts of the mentioned notes that
 * match the question. Markdown, like a model's reply.
 */
export function offlineReply(question: string, notes: MentionedNote[], firstReply = true): string {
  const lines = firstReply
    ? ["_I'm Turtle's offline assistant: no AI model is connected, so I can only quote your notes._", '']
    : [];
  if (notes.length === 0) {
    lines.push(
      `You asked: “${question.trim().slice(0, 200)}”.`,
      '',
      'Mention a note with **@** and I will quote the parts of it that match your question.',
    );
  }
  for (const note of notes) {
    const quoted = mostRelevantSentences(note.content, question);
    const cited = note.citation === undefined ? '' : ` [${note.citation}]`;
    lines.push(`**${quotedFrom(note)}${cited}:**`, '');
    if (quoted.length === 0) lines.push('> (This note is empty.)');
    for (const sentence of quoted) lines.push(`> ${sentence}`);
    lines.push('');
  }
  if (firstReply) lines.push('', CONNECT_MODEL_HINT);
  return lines.join('\n').trim();
}

/**
 * The indexes of the `sentences` that share words with `question`, best first (ties: nearest to `near`), at most
 * `count`, returned in lesson order. Empty when none shares a word.
 */
export function matchingSentenceIndexes(sentences: string[], question: string, near = 0, count = QUOTED_SENTENCES) {
  const asked = words(question);
  return sentences
    .map((sentence, index) => {
      let score = 0;
      for (const word of words(sentence)) if (asked.has(word)) score += 1;
      return { index, score };
    })
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score || Math.abs(a.index - near) - Math.abs(b.index - near) || a.index - b.index)
    .slice(0, count)
    .map((item) => item.index)
    .sort((a, b) => a - b);
}

/** `[mm:ss]`, as the tutor cites a moment of the lesson (the client shows it as a chip that seeks there). */
function cite(ms: number | undefined): string {
  if (ms === undefined) return '';
  const seconds = Math.floor(ms / 1000);
  return `[${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}] `;
}

/**
 * rules.md "Chat": in a lesson, the offline tutor says it is offline and answers from the transcript: the
 * sentences that match the question, each with the moment it is spoken, or else what is said where the learner
 * paused.
 */
export function offlineLessonReply(
  question: string,
  lesson: LessonContext,
  firstReply = true,
  found: MentionedNote[] = [],
): string {
  const sentences = lesson.transcript.map((entry) => entry.sentence);
  const near = Math.max(0, lesson.currentIndex);
  const matching = matchingSentenceIndexes(sentences, question, near);
  const lines = firstReply
    ? [
        `_I'm Turtle's offline tutor: no AI model is connected, so I can only point you to the parts of “${lesson.title}” that match your question._`,
        '',
      ]
    : [];
  let shown = matching;
  if (sentences.length === 0) lines.push('This lesson has no transcript I could read.');
  else if (matching.length) lines.push('**Where the lesson talks about it:**', '');
  else {
    shown = [near - 1, near, near + 1].filter((index) => index >= 0 && index < sentences.length);
    lines.push('I could not find those words in this lesson. **Here is what it says where you paused:**', '');
  }
  for (const index of shown) {
    const entry = lesson.transcript[index]!;
    lines.push(`- ${cite(entry.startMs)}${entry.sentence}`);
  }
  // The learner's notes and cards found for the question (decision 044), quoted as the chat's offline reply does.
  for (const note of found) {
    lines.push('', `**${quotedFrom(note)}${note.citation === undefined ? '' : ` [${note.citation}]`}:**`, '');
    for (const sentence of mostRelevantSentences(note.content, question)) lines.push(`> ${sentence}`);
  }
  lines.push('', 'Select a time to hear that part again.');
  if (firstReply) lines.push(CONNECT_MODEL_HINT);
  return lines.join('\n');
}
