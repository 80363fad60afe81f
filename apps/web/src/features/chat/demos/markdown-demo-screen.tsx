import type { ConversationMessage } from '@turtle/shared/conversation';
import { ChatMessageView } from '../messages/chat-message-view';

const SAMPLE = `## Index funds in five minutes

An **index fund** buys every company in a market index, so a single purchase spreads your money across
hundreds of businesses. Its fee (the *expense ratio*) is what you pay each year, like \`0.05%\`.

### Why people like them
- They are **diversified**: one company failing barely moves the fund.
- They are **cheap**: no analysts to pay, just the index to follow.
- They are **simple**:
  1. Pick a broad index.
  2. Buy a little every month.
  3. Wait, and do not panic.

| Fund type | Typical fee | Holdings |
| --- | ---: | ---: |
| Total market index | 0.03% | ~3,600 |
| S&P 500 index | 0.05% | 500 |
| Actively managed | 0.70% | ~100 |

> "The stock market is a device for transferring money from the impatient to the patient."
> — Warren Buffett

Here is what a fee costs over 30 years, in TypeScript:

\`\`\`typescript
function growth(start: number, yearlyReturn: number, fee: number, years: number): number {
  return start * Math.pow(1 + yearlyReturn - fee, years);
}

const cheap = growth(10_000, 0.07, 0.0005, 30);
const costly = growth(10_000, 0.07, 0.007, 30);
console.log(\`The fee difference: $\${Math.round(cheap - costly)}\`);
\`\`\`

And the same in Python:

\`\`\`python
def growth(start, yearly_return, fee, years):
    """Value after compounding, net of the yearly fee."""
    return start * (1 + yearly_return - fee) ** years

print(round(growth(10_000, 0.07, 0.0005, 30) - growth(10_000, 0.07, 0.007, 30)))
\`\`\`

- [x] Read about index funds
- [ ] Compare two funds' expense ratios

Learn more in the [Investor.gov's basics](https://www.investor.gov/), or ask me ~~anything~~ about fees.`;

/** product.md §2: one fixed sample assistant message (role assistant, timestamp 0). */
const SAMPLE_MESSAGE: ConversationMessage = {
  id: 'markdown-demo',
  role: 'assistant',
  content: SAMPLE,
  timestamp: 0,
  status: 'complete',
};

/** /demo/markdown: the sample reply drawn exactly as the chat draws an assistant message. */
export function MarkdownDemoScreen() {
  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Demo: Markdown</h1>
        <p className="mt-1 text-sm text-slate-600">A sample assistant reply, rendered as the chat renders one.</p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white px-4 py-6 shadow-xs sm:px-6">
        <ChatMessageView message={SAMPLE_MESSAGE} />
      </div>
    </section>
  );
}
