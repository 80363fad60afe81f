import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { PlanTable } from '../../components/ui/plan-table';
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

const INCLUDED = (
  <>
    <Check className="mx-auto size-5 text-brand-700" aria-hidden="true" />
    <span className="sr-only">Included</span>
  </>
);

const ROWS: { label: string; free: ReactNode; pro: ReactNode }[] = [
  {
    label: 'Price',
    free: `${FREE_PRICE}/month`,
    pro: (
      <>
        {PRO_MONTHLY}/month
        <span className="block text-xs font-normal text-slate-600">
          or {PRO_YEARLY}/year (save {YEARLY_SAVING})
        </span>
      </>
    ),
  },
  { label: 'Assistant replies', free: `${count(FREE_DAILY_REPLIES)} a day`, pro: `${count(PRO_DAILY_REPLIES)} a day` },
  { label: 'AI chat that reads your notes', free: INCLUDED, pro: INCLUDED },
  { label: 'Notes with search', free: INCLUDED, pro: INCLUDED },
  { label: 'Audio lessons with the AI tutor', free: INCLUDED, pro: INCLUDED },
  { label: 'Flashcards with spaced repetition', free: `Up to ${FREE_CARDS} cards`, pro: 'Unlimited cards' },
];

export function PlanComparison() {
  return (
    <section id="plans" aria-labelledby="plans-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-24">
      <div className={CONTAINER}>
        <SectionHeading
          id="plans-title"
          eyebrow="Free and Pro"
          title="Compare the plans"
          intro="Pro is for people who lean on the assistant every day. Payments are handled by Stripe."
          centered
        />
        <div className="mx-auto mt-12 max-w-3xl overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <PlanTable caption="Free and Pro plans compared">
            <tbody className="divide-y divide-slate-100">
              {ROWS.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="px-4 py-4 font-medium text-slate-800 sm:px-6">
                    {row.label}
                  </th>
                  <td className="px-3 py-4 text-center text-slate-700 sm:px-6">{row.free}</td>
                  <td className="bg-brand-50 px-3 py-4 text-center font-semibold text-slate-900 sm:px-6">{row.pro}</td>
                </tr>
              ))}
            </tbody>
          </PlanTable>
        </div>
      </div>
    </section>
  );
}
