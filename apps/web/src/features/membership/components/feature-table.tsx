import { Check, Minus } from 'lucide-react';
import { Fragment } from 'react';
import { PlanTable } from '../../../components/ui/plan-table';
import { featureRows, type FeatureCell, type FeatureRow } from '../lib/feature-table';

const GROUPS: { group: FeatureRow['group']; title: string }[] = [
  { group: 'study', title: 'Study' },
  { group: 'flashcards', title: 'Flashcards' },
];

function Cell({ cell }: { cell: FeatureCell }) {
  if (cell.kind === 'excluded') {
    return (
      <>
        <Minus className="mx-auto size-5 text-slate-400" aria-hidden="true" />
        <span className="sr-only">Not included</span>
      </>
    );
  }
  if (cell.kind === 'text') return cell.text;
  return (
    <span className="inline-flex items-center justify-center gap-1.5">
      <Check className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
      {cell.text ?? <span className="sr-only">Included</span>}
    </span>
  );
}

/** Which plan includes what (product.md §2), drawn from the shared entitlements table. */
export function FeatureTable() {
  const rows = featureRows();
  return (
    <section aria-labelledby="compare-title" className="flex flex-col gap-4">
      <h2 id="compare-title" className="text-center text-2xl font-bold tracking-tight text-slate-900">
        Compare the plans
      </h2>
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <PlanTable caption="Features included in the Free and Pro plans">
          <tbody>
            {GROUPS.map(({ group, title }) => (
              <Fragment key={group}>
                <tr className="border-b border-slate-100 bg-slate-50">
                  <th
                    scope="colgroup"
                    colSpan={3}
                    className="px-4 pt-5 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase sm:px-6"
                  >
                    {title}
                  </th>
                </tr>
                {rows
                  .filter((row) => row.group === group)
                  .map((row) => (
                    <tr key={row.label} className="border-b border-slate-100 last:border-0">
                      <th scope="row" className="px-4 py-3.5 font-medium text-slate-800 sm:px-6">
                        {row.label}
                        {row.comingSoon && <span className="font-normal text-slate-500"> (coming soon)</span>}
                      </th>
                      <td className="px-2 py-3.5 text-center text-slate-700 sm:px-6">
                        <Cell cell={row.free} />
                      </td>
                      <td className="bg-brand-50 px-2 py-3.5 text-center font-semibold text-slate-900 sm:px-6">
                        <Cell cell={row.pro} />
                      </td>
                    </tr>
                  ))}
              </Fragment>
            ))}
          </tbody>
        </PlanTable>
      </div>
    </section>
  );
}
