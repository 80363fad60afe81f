import type { ReactNode } from 'react';

export interface TableView {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * One chart with its title, what it means, and its numbers as a table (closed until asked for). `level` is the
 * title's heading level: 3 under a section that has its own heading (the console's business panel).
 */
export function ChartCard({
  title,
  description,
  table,
  children,
  level = 2,
}: {
  title: string;
  description: string;
  table: TableView;
  children: ReactNode;
  level?: 2 | 3;
}) {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <div>
        <Heading id={id} className="font-semibold text-slate-900">
          {title}
        </Heading>
        <p className="text-sm text-pretty text-slate-600">{description}</p>
      </div>
      {children}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Show the numbers: {title}</summary>
        {/* Focusable, so a keyboard can scroll a long table (WCAG 2.1.1). */}
        <div
          tabIndex={0}
          role="region"
          aria-label={`The numbers: ${title}`}
          className="mt-2 max-h-72 overflow-auto focus-visible:outline-2 focus-visible:outline-brand-600"
        >
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
