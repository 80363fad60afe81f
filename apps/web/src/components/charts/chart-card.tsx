import type { ReactNode } from 'react';

export interface TableView {
  columns: string[];
  rows: (string | number)[][];
}

/** One chart with its title, what it means, and its numbers as a table (closed until asked for). */
export function ChartCard({
  title,
  description,
  table,
  children,
}: {
  title: string;
  description: string;
  table: TableView;
  children: ReactNode;
}) {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <div>
        <h2 id={id} className="font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-pretty text-slate-600">{description}</p>
      </div>
      {children}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Show the numbers: {title}</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col" className="border-b border-slate-200 py-1 pr-4 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row" className="py-0.5 pr-4 font-normal text-slate-700">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="py-0.5 pr-4">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
