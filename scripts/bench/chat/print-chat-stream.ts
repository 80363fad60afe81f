import type { ChatStreamFigures } from './bench-chat-stream';

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The figures with their goals (issue: the assistant as a real deployment runs it). */
export function printChatStream(figures: ChatStreamFigures) {
  const f = figures;
  console.log(
    `\nPOST /api/chat/stream on ${f.engine}: built server, fake upstream and client each in their own process, 500 tokens a stream`,
  );
  const added = f.firstToken.server - f.firstToken.direct;
  console.log(
    `  first token (unpaced, median of 10): direct ${ms(f.firstToken.direct)}, through Turtle ${ms(f.firstToken.server)}; added ${ms(added)} (goal under 2 ms)`,
  );
  const ratio = f.tokensPerSecond.server / f.tokensPerSecond.direct;
  console.log(
    `  tokens/s (unpaced): direct ${f.tokensPerSecond.direct.toFixed(0)}, through Turtle ${f.tokensPerSecond.server.toFixed(0)}; ratio ${ratio.toFixed(2)} (goal 0.97 or more)`,
  );
  console.log(`  server CPU per token (unpaced): ${f.cpuMicrosPerToken.toFixed(1)} µs`);
  for (const c of f.concurrent) {
    const firstAdded = c.firstToken.server - c.firstToken.direct;
    const wholeAdded = c.whole.server - c.whole.direct;
    const goals =
      c.tokensPerSecond === 100
        ? 'goals: first token added under 50 ms, whole under 100 ms'
        : 'goal: whole added under 500 ms';
    console.log(
      `  200 streams at ${c.tokensPerSecond} tokens/s each: p99 first token direct ${ms(c.firstToken.direct)}, Turtle ${ms(c.firstToken.server)} (added ${ms(firstAdded)}); ` +
        `p99 whole stream direct ${ms(c.whole.direct)}, Turtle ${ms(c.whole.server)} (added ${ms(wholeAdded)}); ${goals}; ` +
        `every stream complete: ${c.complete}; server CPU ${c.cpuMicrosPerToken.toFixed(1)} µs a token (${(c.systemShare * 100).toFixed(0)}% of it in the kernel); ` +
        `on the same cores, client ${c.clientMicrosPerToken.toFixed(1)} µs and upstream ${c.upstreamMicrosPerToken.toFixed(1)} µs a token`,
    );
  }
  console.log(`  server peak RSS: ${f.peakRssMb.toFixed(0)} MB (goal under 300 MB)`);
}
