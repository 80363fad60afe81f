// `npm run bench`: speed and size figures with their goals. Numbers, not pass/fail tests.
import { benchColdStart } from './cold-start.mjs';
import { measureLandingJs } from './landing-size.mjs';
import { benchLighthouse, printLighthouse } from './lighthouse.mjs';
import { benchChatStreams } from './chat/bench-chat-stream.ts';
import { printChatStream } from './chat/print-chat-stream.ts';
import { benchChatScale, printChatScale } from './chat/bench-chat-scale.ts';
import { benchNotesList } from './notes-list.ts';
import { benchLessonPlayer } from './lesson-player.ts';
import { benchCards } from './cards.ts';
import { benchAnalytics, benchOptimizer } from './analytics.ts';
import { benchAnkiImport, printAnkiImport } from './anki-import.ts';
import { ADMIN_BENCH, benchAdmin } from './admin.ts';
import { benchVoicing, printVoicing } from './voicing.ts';
import { benchTranscribing, printTranscribing } from './transcribing.ts';
import { printRetrieval } from './retrieval/print-retrieval.ts';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${value.toFixed(0)} ms`;

console.log('Turtle benchmarks\n');

/** The operator console's figures (scripts/bench/admin.ts) with the goal each is held to. */
function printAdmin(admin) {
  const tenth = (value) => `${value.toFixed(1)} ms`.padStart(9);
  console.log(
    `\nOperator console, ${admin.people.toLocaleString('en-US')} people and ${admin.replies.toLocaleString('en-US')} replies ` +
      `(${admin.engine}; seeded in ${(admin.seedMs / 1000).toFixed(0)} s), ${admin.rounds} requests each after 2 unmeasured:`,
  );
  for (const timing of admin.timings) {
    const goal = ADMIN_BENCH.goalMs[admin.engine];
    const verdict = timing.p99 < goal ? 'within' : 'OVER';
    console.log(
      `  ${timing.route.padEnd(44)} p50 ${tenth(timing.p50)}, p99 ${tenth(timing.p99)} (${verdict} the goal: p99 under ${goal} ms)`,
    );
  }
}

// `npm run bench -- streams`: the chat stream figures alone (a few minutes).
const only = process.argv[2];
if (only === 'streams') {
  printChatStream(await benchChatStreams());
  process.exit(0);
}
// `npm run bench -- streams-scale`: 400 streams through nginx and one, two and four processes (PostgreSQL, Redis).
if (only === 'streams-scale') {
  printChatScale(await benchChatScale());
  process.exit(0);
}
// `npm run bench -- voicing`: a lesson voiced from a 2,000-word text by the embedded voice (decision 049).
if (only === 'voicing') {
  printVoicing(await benchVoicing());
  process.exit(0);
}
// `npm run bench -- transcribing`: a lesson from a 20-minute MP3 alone against the fake speech-to-text (decision 051).
if (only === 'transcribing') {
  printTranscribing(await benchTranscribing());
  process.exit(0);
}
// `npm run bench -- admin`: the operator console alone, on PGlite and, with DATABASE_URL, on PostgreSQL.
if (only === 'admin') {
  for (const url of [undefined, process.env.DATABASE_URL].filter((url, index) => index === 0 || url)) {
    printAdmin(await benchAdmin(url));
  }
  process.exit(0);
}

// `npm run bench -- retrieval`: the one index's quality (recall@5, MRR) and speed at 10,000 notes, on PGlite and,
// with DATABASE_URL, on PostgreSQL.
if (only === 'retrieval') {
  await printRetrieval();
  process.exit(0);
}

/** "Optimize my schedule" on 10,000 and 100,000 reviews; the goal (under 10 s) is for the larger. */
async function printOptimizer() {
  console.log('\nOptimize my schedule, from the click to the result (PGlite; log read, child process, fit and check):');
  for (const reviews of [10_000, 100_000]) {
    const optimizer = await benchOptimizer(reviews);
    const result = optimizer.run.result;
    const seconds = optimizer.ms / 1000;
    console.log(
      `  ${optimizer.reviews.toLocaleString('en-US')} reviews: ${seconds.toFixed(1)} s, ${optimizer.run.status}` +
        (result
          ? `, ${result.adopted ? 'adopted' : 'kept the current weights'} (log loss ${result.before.logLoss.toFixed(4)} → ${result.after.logLoss.toFixed(4)})`
          : '') +
        (reviews === 100_000 ? `; goal under 10 s: ${seconds < 10 ? 'goal met' : 'goal NOT met'}` : ''),
    );
  }
}
// `npm run bench -- anki-import` and `npm run bench -- optimizer`: those figures alone.
if (only === 'anki-import') {
  printAnkiImport(await benchAnkiImport());
  process.exit(0);
}
if (only === 'optimizer') {
  await printOptimizer();
  process.exit(0);
}

const landing = measureLandingJs();
console.log('Landing page JavaScript (gzip, level 9):');
for (const { file, gzip } of landing.sizes) console.log(`  ${file.padEnd(40)} ${kb(gzip)}`);
console.log(
  `  total ${kb(landing.gzip)} (${landing.gzip} B); goal under ${kb(landing.goal)}; ratio ${(landing.gzip / landing.goal).toFixed(2)} of the goal: ` +
    (landing.gzip < landing.goal ? 'goal met' : 'goal NOT met'),
);

printLighthouse(await benchLighthouse());

const start = await benchColdStart();
console.log(`\nCold start to first healthy /api/health (built server, embedded PGlite, median of ${start.runs}):`);
console.log(`  new data folder (creates and migrates the database): ${ms(start.fresh)}`);
console.log(`  existing data folder: ${ms(start.existing)}`);
console.log(`  ratio new/existing: ${(start.fresh / start.existing).toFixed(2)}`);

const notes = await benchNotesList();
const line = (label, r) =>
  `  ${label.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   p99 ${String(r.p99Ms).padStart(4)} ms   errors ${r.errors}`;
console.log(`\nGET /api/note/list, 200 notes, 10 connections for 5 s (in-process server, ${notes.engine}):`);
console.log(line('from the database', notes.database));
console.log(line('fixed in-memory list (same server)', notes.fixed));
console.log(
  `  ratio database/in-memory: ${(notes.database.requestsPerSecond / notes.fixed.requestsPerSecond).toFixed(2)} of the throughput, ` +
    `${(notes.database.p99Ms / Math.max(1, notes.fixed.p99Ms)).toFixed(2)}x the p99 latency`,
);

printChatStream(await benchChatStreams());
printChatScale(await benchChatScale());

const lesson = await benchLessonPlayer();
console.log(`\nLesson player, lesson ${lesson.lessonId} in headless Chromium (built app):`);
console.log(
  `  click Play to audio running: first (cold) ${ms(lesson.cold.runningMs)} (playing event ${ms(lesson.cold.playingMs)}); ` +
    `warm median of ${lesson.warm.runs} ${ms(lesson.warm.runningMs)} (playing event ${ms(lesson.warm.playingMs)}), worst ${ms(lesson.warm.worstRunningMs)}`,
);
const drift = lesson.drift;
console.log(
  `  highlight vs audio clock over the whole lesson at ${drift.rate}x (${drift.playedSeconds.toFixed(0)} s): ` +
    `worst ${ms(drift.worstMs)} of audio time (${ms(drift.worstMs / drift.rate)} real time; late ${ms(drift.worstLateMs)}, ` +
    `early ${ms(drift.worstEarlyMs)}), median ${ms(drift.medianMs)}; ${drift.highlighted} of ${drift.sentences} sentences ` +
    `highlighted; goal under ${ms(drift.goalMs)}`,
);

printVoicing(await benchVoicing());
printTranscribing(await benchTranscribing());

const ms1 = (value) => `${value.toFixed(1)} ms`;
const cardEngines = [undefined, process.env.DATABASE_URL].filter((url, index) => index === 0 || url);
for (const url of cardEngines) {
  const cards = await benchCards(url);
  console.log(
    `\nFlashcards, one learner with 10,000 cards and 100,000 logged reviews (${cards.engine}; seeded in ${ms(cards.seedMs)}), 300 rounds:`,
  );
  console.log(
    `  today's queue and next card (GET /api/cards/review/next): p50 ${ms1(cards.queue.p50)}, p99 ${ms1(cards.queue.p99)} (goal p99 under 50 ms)`,
  );
  console.log(
    `  grade one card (POST /api/cards/review/grade): p50 ${ms1(cards.grade.p50)}, p99 ${ms1(cards.grade.p99)} (goal p99 under 20 ms)`,
  );
  console.log(`  header count (GET /api/cards/summary): p50 ${ms1(cards.summary.p50)}, p99 ${ms1(cards.summary.p99)}`);
}
if (!process.env.DATABASE_URL) console.log('  (PostgreSQL: run with DATABASE_URL=postgres://… to measure it too)');

for (const url of cardEngines) {
  const analytics = await benchAnalytics(url);
  console.log(
    `\nLearning analytics (GET /api/cards/analytics, 365 days, every figure), 10,000 cards and 100,000 reviews (${analytics.engine}; seeded in ${ms(analytics.seedMs)}), 200 requests:`,
  );
  console.log(
    `  all decks: p50 ${ms1(analytics.allDecks.p50)}, p99 ${ms1(analytics.allDecks.p99)} (goal p99 under 100 ms)`,
  );
  console.log(
    `  one deck:  p50 ${ms1(analytics.oneDeck.p50)}, p99 ${ms1(analytics.oneDeck.p99)} (goal p99 under 100 ms)`,
  );
}

await printOptimizer();
printAnkiImport(await benchAnkiImport());

// The operator console with 100,000 people and 5,000,000 replies (decision 037).
for (const url of cardEngines) printAdmin(await benchAdmin(url));

// The one index: recall@5 and MRR on the benchmark's questions, and search at 10,000 notes.
await printRetrieval();
