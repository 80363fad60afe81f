// The retrieval benchmark's corpus (docs/decisions/050-cards-from-a-source.md): 200 notes on varied subjects and 100
// cards, written deterministically from subjects.json and the templates below, with questions whose answering
// passages are known. The questions are worded as a learner asks, not as the note says it: other word forms
// ("mistake" for "mistakes"), words the answer lacks, and subjects that share words with others ("banana bread").
import { readFileSync } from 'node:fs';

const SUBJECTS: Record<string, string[]> = JSON.parse(
  readFileSync(new URL('./subjects.json', import.meta.url), 'utf8'),
) as Record<string, string[]>;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const AUTHORS = [
  'Maria Lopez',
  'Kenji Sato',
  'Amara Okafor',
  'Lars Nilsson',
  'Priya Raman',
  'Tom Becker',
  'Chloe Martin',
  'Omar Haddad',
  'Sofia Rossi',
  'Ethan Walsh',
  'Mei Chen',
];
const PLACES = [
  'kitchen table',
  'public library',
  'community hall',
  'back garden',
  'local gym',
  'study desk',
  'park bench',
  'train home',
];
const MISTAKES = [
  'rushing through the first steps',
  'skipping the warm-up',
  'measuring too roughly',
  'ignoring the small details',
  'trying to learn everything at once',
  'not writing anything down',
  'copying examples without understanding them',
  'giving up after one bad week',
];
const GOALS = [
  'to explain it to a friend without notes',
  'to finish one small project a month',
  'to be comfortable with the basics by spring',
  'to teach a short class next year',
  'to keep a streak of thirty days',
];
const FILLERS = [
  'Most of what I know here came from trying things and noticing what went wrong.',
  'It helps to come back to this every few days instead of once a month.',
  'A friend of mine thinks the basics matter more than any trick.',
  'There is always more to read, but doing beats reading.',
  'Keeping a short log made the progress visible.',
  'Good tools help, yet patience helps more.',
  'I want to compare notes with someone who knows more.',
];
const RULES = [
  'the rule of three',
  'the ten percent rule',
  'the two minute rule',
  'the half rule',
  'the five step rule',
];

const title = (subject: string) => subject.charAt(0).toUpperCase() + subject.slice(1);
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

export interface CorpusNote {
  name: string;
  content: string;
}
export interface CorpusCard {
  front: string;
  back: string;
}
/** The passage that answers: a note's at `position`, a card (any of its passages), a lesson's at `position`. */
export interface Answer {
  kind: 'note' | 'card' | 'lesson';
  /** The note's or card's index in the corpus, or the lesson's id. */
  source: number | string;
  position?: number;
}
export interface Question {
  text: string;
  answers: Answer[];
}

/** Every subject with its domain, in a fixed order. */
export function subjects(): { subject: string; domain: string }[] {
  return Object.entries(SUBJECTS).flatMap(([domain, list]) => list.map((subject) => ({ subject, domain })));
}

export function corpusNotes(): CorpusNote[] {
  return subjects().map(({ subject, domain }, i) => {
    const overview = [
      `# Overview`,
      `${title(subject)} belongs to ${domain}. I first read about ${subject} in ${pick(MONTHS, i * 7)} ${2015 + (i % 9)}, in a book by ${pick(AUTHORS, i * 3)}.`,
      `${pick(FILLERS, i)} ${pick(FILLERS, i + 3)}`,
    ].join('\n\n');
    const mistakes = [
      `# Common mistakes`,
      `The mistake I made most often with ${subject} was ${pick(MISTAKES, i * 5)}. ${pick(AUTHORS, i * 3 + 1)} says the fix is to slow down and check each step.`,
      pick(FILLERS, i + 5),
    ].join('\n\n');
    const practice = [
      `# Practice plan`,
      `My ${subject} practice session is every ${pick(WEEKDAYS, i * 2)} for ${15 + (i % 6) * 5} minutes at the ${pick(PLACES, i)}. The goal is ${pick(GOALS, i)}.`,
      pick(FILLERS, i + 1),
    ].join('\n\n');
    return { name: title(subject), content: [overview, mistakes, practice].join('\n\n') };
  });
}

/** Cards of every other subject: its rule of thumb. */
export function corpusCards(): CorpusCard[] {
  return subjects()
    .filter((_, i) => i % 2 === 0)
    .map(({ subject }, k) => ({
      front: `What is my rule of thumb for ${subject}?`,
      back: `${title(pick(RULES, k))}: keep each ${subject} session to ${3 + (k % 5)} focused tasks.`,
    }));
}

const ASK_WHEN = [
  (s: string) => `When did I first read about ${s}?`,
  (s: string) => `Who wrote the book where I learned about ${s}?`,
  (s: string) => `what year did i start reading on ${s}`,
];
const ASK_MISTAKE = [
  (s: string) => `What mistake do I keep making with ${s}?`,
  (s: string) => `common mistakes in ${s}`,
  (s: string) => `What did I get wrong most often when doing ${s}?`,
];
const ASK_PRACTICE = [
  (s: string) => `On which day do I practise ${s}?`,
  (s: string) => `How long is my ${s} practice session?`,
  (s: string) => `where do I practice ${s} and what is my goal`,
];
const ASK_CARD = [
  (s: string) => `What rule of thumb did I write down for ${s}?`,
  (s: string) => `How many focused tasks per ${s} session?`,
];

/** 70 questions on the notes (each section asked of some subjects) and 15 on the cards. */
export function corpusQuestions(): Question[] {
  const all = subjects();
  const questions: Question[] = [];
  for (let q = 0; q < 70; q++) {
    const i = (q * 37) % all.length;
    const subject = all[i]!.subject;
    const section = q % 3;
    const ask = [ASK_WHEN, ASK_MISTAKE, ASK_PRACTICE][section]!;
    questions.push({
      text: pick(ask, Math.floor(q / 3))(subject),
      answers: [{ kind: 'note', source: i, position: section }],
    });
  }
  for (let q = 0; q < 15; q++) {
    const k = (q * 13) % 100;
    questions.push({ text: pick(ASK_CARD, q)(all[k * 2]!.subject), answers: [{ kind: 'card', source: k }] });
  }
  return questions;
}

const STOP = new Set(
  'about above after again against because before being below between both could does doing down during each from further have having here into itself just more most other over same should some such than that their them then there these they this those through under until very what when where which while with would your yours the and but for are was were you our out off own not too can will how who why'.split(
    ' ',
  ),
);

/**
 * 15 questions on the lessons: for a passage spread along the transcripts, its three longest words the others
 * have least, asked as "What did the lesson say about …?".
 */
export function lessonQuestions(passages: { sourceId: string; position: number; body: string }[]): Question[] {
  const counts = new Map<string, number>();
  const wordsOf = (body: string) =>
    [...new Set(body.toLowerCase().match(/[a-z]{4,}/g) ?? [])].filter((w) => !STOP.has(w));
  for (const passage of passages)
    for (const word of wordsOf(passage.body)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const questions: Question[] = [];
  for (let q = 0; q < 15 && passages.length > 0; q++) {
    const passage = passages[Math.floor(((q + 0.5) * passages.length) / 15)]!;
    const words = wordsOf(passage.body)
      .sort((a, b) => counts.get(a)! - counts.get(b)! || b.length - a.length || a.localeCompare(b))
      .slice(0, 3);
    questions.push({
      text: `What did the lesson say about ${words.slice(0, -1).join(', ')} and ${words.at(-1)}?`,
      answers: [{ kind: 'lesson', source: passage.sourceId, position: passage.position }],
    });
  }
  return questions;
}
