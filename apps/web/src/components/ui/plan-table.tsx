import type { ReactNode } from 'react';

/**
 * The Free and Pro comparison table's frame, shared by the features page and the pricing page: a hidden caption, an
 * empty corner for the feature column, the two plan headings (Pro tinted) and the rows the caller draws.
 */
export function PlanTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          <th scope="col" className="px-4 py-4 font-semibold text-slate-600 sm:px-6">
            <span className="sr-only">Feature</span>
          </th>
          <th scope="col" className="w-1/4 px-3 py-4 text-center text-base font-semibold text-slate-900 sm:px-6">
            Free
          </th>
          <th
            scope="col"
            className="w-1/3 bg-brand-50 px-3 py-4 text-center text-base font-semibold text-brand-800 sm:w-1/4 sm:px-6"
          >
            Pro
          </th>
        </tr>
      </thead>
      {children}
    </table>
  );
}
