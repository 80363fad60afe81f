import type { MentionedNote } from './assistant';

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

export function sentencesOf(text: string): string[] {
  return (text.replace(/\s+/g, ' ').match(/[^.!?]+[.!?]*/g) ?? []).map((sentence) => sentence.trim()).filter(Boolean);
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

/**
 * DECISIONS.md "Chat": without a model, say so, and still be useful: quote the parts of the mentioned notes that
 * match the question. Markdown, like a model's reply.
 */
export function offlineReply(question: string, notes: MentionedNote[]): string {
  const lines = ["_I'm Turtle's offline assistant: no AI model is connected, so I can only quote your notes._", ''];
  if (notes.length === 0) {
    lines.push(
      `You asked: “${question.trim().slice(0, 200)}”.`,
      '',
      'Mention a note with **@** and I will quote the parts of it that match your question.',
    );
  }
  for (const note of notes) {
    const quoted = mostRelevantSentences(note.content, question);
    lines.push(`**From your note “${note.name}”:**`, '');
    if (quoted.length === 0) lines.push('> (This note is empty.)');
    for (const sentence of quoted) lines.push(`> ${sentence}`);
    lines.push('');
  }
  lines.push(
    '',
    'To get real answers, connect a model: see “Assistant” in the README (`LLM_BASE_URL`, `LLM_API_KEY`).',
  );
  return lines.join('\n');
}
