import { CARD_KIND_LABELS } from '@turtle/shared/cards';
import { formatMediaBytes } from '@turtle/shared/card-media';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import { CardRowsTable } from './card-rows-table';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** What an Anki package brings (the preview) or brought (the summary), and what it leaves out. */
export function ApkgSummaryView({ summary, done }: { summary: ApkgSummary; done: boolean }) {
  const { skipped } = summary;
  const left = [
    skipped.mediaFiles > 0 &&
      `${plural(skipped.mediaFiles, 'media file')} not kept (no imported card uses it, or it is not an image or sound)`,
    skipped.notesWithMedia > 0 && `media left out of the text of ${plural(skipped.notesWithMedia, 'note')}`,
    ...(summary.media?.reasons ?? []),
    ...skipped.unknownNoteTypes.map((type) => `${plural(type.notes, 'note')} of the note type “${type.name}”`),
    skipped.alreadyHere > 0 && `${plural(skipped.alreadyHere, 'note')} already in Turtle`,
    skipped.invalid > 0 && `${plural(skipped.invalid, 'note')} that are not cards`,
  ].filter((line): line is string => Boolean(line));
  return (
    <div className="flex flex-col gap-4" aria-label={done ? 'Imported' : 'Preview'}>
      <p className="text-sm text-slate-800" data-testid="apkg-summary">
        {done ? 'Imported' : 'Will import'} {plural(summary.cards, 'card')} from {plural(summary.notes, 'note')} (
        {(Object.keys(summary.byKind) as (keyof typeof summary.byKind)[])
          .filter((kind) => summary.byKind[kind] > 0)
          .map((kind) => `${summary.byKind[kind]} ${CARD_KIND_LABELS[kind].toLowerCase()}`)
          .join(', ') || 'none'}
        ), with {plural(summary.reviews, 'review')} of history on {plural(summary.cardsWithHistory, 'card')}.
      </p>
      {summary.noteTypes && summary.noteTypes.length > 0 && (
        <p className="text-sm text-slate-700" data-testid="apkg-note-types">
          Notes of their own note types keep every field, each card drawn by its template:{' '}
          {summary.noteTypes.map((type) => `“${type.name}” (${plural(type.notes, 'note')})`).join(', ')}.
        </p>
      )}
      {summary.media && summary.media.kept > 0 && (
        <p className="text-sm text-slate-700" data-testid="apkg-media">
          {done ? 'Kept' : 'Will keep'} {plural(summary.media.kept, 'image or sound', 'images and sounds')} (
          {formatMediaBytes(summary.media.bytes)}). Your media storage: {formatMediaBytes(summary.media.quota.used)} of{' '}
          {formatMediaBytes(summary.media.quota.max)} used{done ? ' before this import' : ''}.
        </p>
      )}
      {summary.decks.length > 0 && (
        <ul aria-label="Decks" className="flex flex-col gap-1 text-sm text-slate-700">
          {summary.decks.map((deck) => (
            <li key={deck.name}>
              <strong>{deck.name}</strong>
              {deck.isNew ? ' (new deck)' : ''}: {plural(deck.cards, 'card')}
            </li>
          ))}
        </ul>
      )}
      {left.length > 0 && (
        <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
          <p className="font-semibold">{done ? 'Skipped' : 'Will be skipped'}</p>
          <ul aria-label="Skipped" className="mt-1 list-disc pl-5">
            {left.map((line) => (
              <li key={line}>{line}</li>
            ))}
            {skipped.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      {!done && summary.samples.length > 0 && <CardRowsTable rows={summary.samples} caption="The first cards" />}
    </div>
  );
}
