import { CARD_KIND_LABELS, type CardKind } from '@turtle/shared/cards';

export interface CardRowView {
  front: string;
  back: string;
  deck: string;
  kind: CardKind;
  /** The line of the file it comes from, when the file has lines (a CSV file). */
  row?: number;
}

/** The cards an import will add, one a line: (the file's row,) front, back, deck and type. */
export function CardRowsTable({ rows, caption }: { rows: CardRowView[]; caption?: string }) {
  const numbered = rows.some((row) => row.row !== undefined);
  return (
    // A table wider than a phone scrolls sideways: the region takes the focus, so a keyboard can scroll it too.
    <div
      tabIndex={0}
      role="region"
      aria-label={caption ?? 'Cards'}
      className="overflow-x-auto rounded-xl ring-1 ring-slate-200"
    >
      <table className="w-full text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
          <tr>
            {numbered && <th className="px-3 py-2">Row</th>}
            <th className="px-3 py-2">Front</th>
            <th className="px-3 py-2">Back</th>
            <th className="px-3 py-2">Deck</th>
            <th className="px-3 py-2">Type</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.row ?? index} className="border-t border-slate-100 align-top">
              {numbered && <td className="px-3 py-2 text-slate-500 tabular-nums">{row.row}</td>}
              <td className="max-w-48 truncate px-3 py-2">{row.front}</td>
              <td className="max-w-48 truncate px-3 py-2 text-slate-600">{row.back}</td>
              <td className="px-3 py-2">{row.deck}</td>
              <td className="px-3 py-2 whitespace-nowrap">{CARD_KIND_LABELS[row.kind]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
