// `npm run bench -- retrieval`: the one index's quality and speed figures with their goals (docs/decisions/050-cards-from-a-source.md).
import { benchRetrievalQuality, type Quality } from './bench-retrieval';
import { benchRetrievalScale, SCALE_BENCH } from './scale';

const RECALL_GOAL = 0.85;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (met: boolean) => (met ? 'goal met' : 'goal NOT met');

function printQuality(quality: Quality, goal: boolean) {
  console.log(
    `  ${quality.method.padEnd(40)} recall@5 ${quality.recallAt5.toFixed(2)}, MRR ${quality.mrr.toFixed(3)}` +
      (goal ? ` (goal recall@5 at least ${RECALL_GOAL}: ${verdict(quality.recallAt5 >= RECALL_GOAL)})` : ''),
  );
  for (const missed of quality.missed.slice(0, 5)) console.log(`      not in the first 5: ${missed}`);
}

/** The figures on PGlite and, with `DATABASE_URL`, on PostgreSQL. */
export async function printRetrieval(): Promise<void> {
  const engines = [undefined, process.env.DATABASE_URL].filter((url, index) => index === 0 || url);
  for (const url of engines) {
    const quality = await benchRetrievalQuality(url);
    const questions = quality.keyword[0]?.questions ?? 0;
    console.log(
      `\nRetrieval quality (${quality.engine}): 200 notes, 100 cards and the lesson scripts, ${questions} questions with their answering passages:`,
    );
    quality.keyword.forEach((result, index) => printQuality(result, index === 0));
    for (const hybrid of quality.hybrid) {
      if (typeof hybrid.result === 'string') console.log(`  ${hybrid.name}: not measured (${hybrid.result})`);
      else printQuality({ ...hybrid.result, method: hybrid.name }, false);
    }
    if (!process.env.EMBEDDING_MODEL) console.log('  (a real model: run with EMBEDDING_MODEL and LLM_BASE_URL set)');
  }
  const goals = SCALE_BENCH.goals;
  for (const url of engines) {
    const scale = await benchRetrievalScale(url);
    console.log(
      `\nThe index at scale (${scale.engine}): ${scale.notes.toLocaleString('en-US')} notes, ${scale.passages.toLocaleString('en-US')} passages (written in ${(scale.seedMs / 1000).toFixed(0)} s):`,
    );
    console.log(
      `  search box, ${scale.search.runs} searches: p50 ${ms(scale.search.p50)}, p99 ${ms(scale.search.p99)} (goal p99 under ${goals.searchP99Ms} ms: ${verdict(scale.search.p99 < goals.searchP99Ms)})`,
    );
    console.log(
      `  a saved note searchable, ${scale.searchable.runs} saves: p50 ${ms(scale.searchable.p50)}, slowest ${ms(scale.searchable.max)} (goal under ${goals.searchableMs} ms: ${verdict(scale.searchable.max < goals.searchableMs)})`,
    );
    console.log(
      `  the chat's retrieval before the first token, ${scale.retrieval.runs} questions: p50 ${ms(scale.retrieval.p50)}, p99 ${ms(scale.retrieval.p99)} (goal p50 under ${goals.retrievalP50Ms} ms: ${verdict(scale.retrieval.p50 < goals.retrievalP50Ms)})`,
    );
  }
  if (!process.env.DATABASE_URL) console.log('  (PostgreSQL: run with DATABASE_URL=postgres://… to measure it too)');
}
