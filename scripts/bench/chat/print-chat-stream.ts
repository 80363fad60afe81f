import type { StreamBench, TargetFigures } from './bench-chat-stream';

const ms = (value: number) => `${value.toFixed(1)} ms`;
const added = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} ms`;
/** `value` as a multiple of `anchor`; an anchor of nothing (noise can make the relay's added time 0 or less) is 1×. */
const ratio = (value: number, anchor: number) => (anchor > 0 ? value / anchor : value <= 0 ? 1 : Infinity);
const times = (value: number, anchor: number) => `${ratio(value, anchor).toFixed(2)}×`;

/** The goals of the stream figures: Turtle against the bare relay, in the same run. */
const GOALS = {
  /** Turtle's added p99s at most this many times the relay's. */
  p99Ratio: 1.5,
  /** Turtle's added first token (one at a time) within this of the relay's. */
  firstTokenMs: 1,
  rssMb: { 'Turtle on PGlite': 300, 'Turtle on PostgreSQL': 200 } as Record<string, number>,
};

/** One row: direct, then each server's added time with its ratio to the relay's. */
function row(label: string, targets: TargetFigures[], pick: (target: TargetFigures) => [number, number]) {
  const [directValue] = pick(targets[0]!);
  const relayAdded = pick(targets[1]!)[1];
  const cells = targets.slice(1).map((target, index) => {
    const [, value] = pick(target);
    const cell = added(value);
    return (index === 0 ? cell : `${cell} (${times(value, relayAdded)})`).padEnd(26);
  });
  return `  ${label.padEnd(40)} ${ms(directValue).padEnd(10)} ${cells.join(' ')}`;
}

export function printChatStream(bench: StreamBench) {
  const { targets } = bench;
  console.log(
    `\nChat streams (POST /api/chat/stream), ${bench.tokens} tokens a stream: the fake upstream, the client and each ` +
      `server in their own process; the median of ${bench.rounds} rounds that alternate direct, relay and Turtle. ` +
      'Each server: the time it adds over reading the upstream directly (Turtle: and that as a ratio to the relay’s).',
  );
  console.log(
    `  ${''.padEnd(40)} ${'direct'.padEnd(10)} ${targets
      .slice(1)
      .map((t) => t.name.padEnd(26))
      .join(' ')}`,
  );
  console.log(row('first token, one at a time (median)', targets, (t) => [t.firstToken, t.firstTokenAdded]));
  for (const [b, burst] of targets[0]!.bursts.entries()) {
    const pace = `${bench.concurrent} at ${burst.tokensPerSecond} tokens/s`;
    console.log(row(`${pace}: p99 first token`, targets, (t) => [t.bursts[b]!.firstP99, t.bursts[b]!.firstAdded]));
    console.log(row(`${pace}: p99 whole stream`, targets, (t) => [t.bursts[b]!.wholeP99, t.bursts[b]!.wholeAdded]));
  }
  const servers = targets.slice(1);
  const cells = (cell: (t: TargetFigures) => string) => servers.map((t) => cell(t).padEnd(26)).join(' ');
  for (const [b, burst] of targets[0]!.bursts.entries()) {
    console.log(
      `  ${`server CPU a token at ${burst.tokensPerSecond} tokens/s (kernel)`.padEnd(40)} ${''.padEnd(10)} ` +
        cells((t) => {
          const figures = t.bursts[b]!;
          return `${figures.cpuMicrosPerToken!.toFixed(1)} µs (${((figures.systemShare ?? 0) * 100).toFixed(0)}%)`;
        }),
    );
  }
  console.log(
    `  ${'server RSS: at rest / bursts / life peak'.padEnd(40)} ${''.padEnd(10)} ` +
      cells(
        (t) =>
          `${t.memory!.restMb.toFixed(0)} / ${t.memory!.burstPeakMb.toFixed(0)} / ${t.memory!.lifePeakMb.toFixed(0)} MB`,
      ),
  );
  console.log(
    `  ${'every stream complete'.padEnd(40)} ${''.padEnd(10)} ${cells((t) => String(t.bursts.every((x) => x.complete)))}`,
  );
  for (const { name, reason } of bench.skipped) console.log(`  ${name}: not measured (${reason})`);
  printGoals(targets[1]!, targets.slice(2));
}

function printGoals(relay: TargetFigures, turtles: TargetFigures[]) {
  console.log(
    `  Goals (each Turtle against the relay): added p99s at most ${GOALS.p99Ratio}× the relay’s, added first token ` +
      `within ${GOALS.firstTokenMs} ms of it, peak RSS during the bursts under the engine’s limit`,
  );
  for (const turtle of turtles) {
    const verdicts: string[] = [];
    const firstGap = turtle.firstTokenAdded - relay.firstTokenAdded;
    verdicts.push(
      `first token ${added(firstGap)} over the relay ${firstGap <= GOALS.firstTokenMs ? 'met' : 'NOT met'}`,
    );
    for (const [b, burst] of turtle.bursts.entries()) {
      const anchor = relay.bursts[b]!;
      const worst = Math.max(ratio(burst.firstAdded, anchor.firstAdded), ratio(burst.wholeAdded, anchor.wholeAdded));
      verdicts.push(`${burst.tokensPerSecond}/s ${times(worst, 1)} ${worst <= GOALS.p99Ratio ? 'met' : 'NOT met'}`);
    }
    const limit = GOALS.rssMb[turtle.name]!;
    const peak = turtle.memory!.burstPeakMb;
    verdicts.push(`RSS ${peak.toFixed(0)} MB ${peak < limit ? 'met' : 'NOT met'} (under ${limit})`);
    console.log(`    ${turtle.name}: ${verdicts.join('; ')}`);
  }
}
