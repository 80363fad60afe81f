import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { CheckList } from '../../components/ui/check-list';
import { selectIsSignedIn, useTurtleStore } from '../../lib/turtle-store';
import { CONTAINER } from './layout';
import {
  count,
  FREE_CARDS,
  FREE_DAILY_REPLIES,
  FREE_PRICE,
  PRO_DAILY_REPLIES,
  PRO_MONTHLY,
  PRO_YEARLY,
  YEARLY_SAVING,
} from './plan-data';
import { SectionHeading } from './section-heading';

function Points({ items }: { items: string[] }) {
  return <CheckList items={items} className="mt-6 mb-8 space-y-3" />;
}

export function PricingTeaser() {
  const signedIn = useTurtleStore(selectIsSignedIn);
  return (
    <section aria-labelledby="pricing-title" className="py-20 sm:py-28">
      <div className={CONTAINER}>
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Start free. Go Pro when you need more."
          intro="Both plans include chat with your notes, notes and audio lessons. Pro raises the daily reply limit."
          centered
        />
        <div className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
          <article
            aria-labelledby="teaser-free"
            className="flex flex-col rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:p-8"
          >
            <h3 id="teaser-free" className="text-lg font-semibold text-slate-900">
              Free
            </h3>
            <p className="mt-4 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight text-slate-900">{FREE_PRICE}</span>
              <span className="text-slate-600">/month</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">Everything you need to get started</p>
            <Points
              items={[
                `${count(FREE_DAILY_REPLIES)} assistant replies a day`,
                'Chat, notes and audio lessons',
                `Up to ${FREE_CARDS} flashcards`,
              ]}
            />
            <Link to={signedIn ? '/chats' : '/signup'} className={buttonClass('secondary', 'md', 'mt-auto w-full')}>
              {signedIn ? 'Open your chats' : 'Create a free account'}
            </Link>
          </article>
          <article
            aria-labelledby="teaser-pro"
            className="relative flex flex-col rounded-2xl bg-linear-to-b from-brand-50 to-white p-6 shadow-lg shadow-brand-900/5 ring-2 ring-brand-700 sm:p-8"
          >
            <div className="flex items-center justify-between gap-3">
              <h3 id="teaser-pro" className="text-lg font-semibold text-slate-900">
                Pro
              </h3>
              <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
                Save {YEARLY_SAVING} yearly
              </span>
            </div>
            <p className="mt-4 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight text-slate-900">{PRO_MONTHLY}</span>
              <span className="text-slate-600">/month</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">or {PRO_YEARLY}/year, paid through Stripe</p>
            <Points
              items={[
                `${count(PRO_DAILY_REPLIES)} assistant replies a day`,
                'Everything in Free',
                'Monthly or yearly billing',
              ]}
            />
            <Link to="/pricing" className={buttonClass('primary', 'md', 'mt-auto w-full')}>
              See Pro pricing
            </Link>
          </article>
        </div>
      </div>
    </section>
  );
}
