import { ArrowLeft, FileUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CARD_IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, type ImportResponse } from '@turtle/shared/cards-import';
import { Button, buttonClass } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { refuseInput, useServerMutation } from '../../../../lib/query/use-server-mutation';
import { toast } from '../../../../lib/toast';
import { importCards, previewImport } from '../api/import-cards';
import { useDecks } from '../../shared/hooks/use-decks';
import { cardsChanged } from '../../shared/lib/cards-changed';
import { ApkgImportScreen } from './apkg-import-screen';
import { CardMeter } from '../../shared/components/card-meter';
import { CardRowsTable } from './card-rows-table';
import { cardError, cardErrorFrom, CardErrorLine, type CardError } from '../../shared/components/card-error';

/**
 * What the import did; rows of an export's kept Anki notes whose note type the person does not have came in as basic
 * cards, and the message says how many (docs/decisions/047-anki-note-fields-and-styles.md).
 */
function importedMessage(result: ImportResponse): string {
  const done = `Imported ${result.imported} ${result.imported === 1 ? 'card' : 'cards'}.`;
  const missing = result.unknownNoteTypeNotes;
  if (!missing) return done;
  if (missing === 1) {
    return `${done} 1 row names an Anki note type you do not have (or fields it cannot show), so it came in as a basic card from its front and back.`;
  }
  return `${done} ${missing} rows name Anki note types you do not have (or fields they cannot show), so they came in as basic cards from their front and back.`;
}

/**
 * /cards/import: a CSV file; /cards/import?from=anki: an Anki package (one route, so the entry chunk's route table
 * does not grow with the second import).
 */
export function ImportScreen() {
  const [params] = useSearchParams();
  return params.get('from') === 'anki' ? <ApkgImportScreen /> : <CsvImportScreen />;
}

/** A CSV file (front, back, deck, tags, type), checked row by row before anything is saved. */
function CsvImportScreen() {
  const navigate = useNavigate();
  const { state: decks } = useDecks();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [deckId, setDeckId] = useState('');
  const [createMissingDecks, setCreateMissingDecks] = useState(false);
  // Only the newest preview counts (the options can change while one is on its way). Its failure stays shown until
  // a preview succeeds, also when the file is taken away; a file too large fails it without asking.
  const previewing = useServerMutation(
    (body: { csv: string; deckId: string; createMissingDecks: boolean } | null) =>
      body ? previewImport({ ...body, deckId: body.deckId || undefined }) : refuseInput(IMPORT_TOO_LARGE_MESSAGE),
    { latest: true },
  );
  const importing = useServerMutation(async () => {
    if (!file) return;
    const result = await importCards({ csv: file.text, deckId: deckId || undefined, createMissingDecks });
    cardsChanged();
    toast(importedMessage(result));
    await navigate('/cards');
  });
  const preview = file ? (previewing.data ?? null) : null;
  // Busy while a preview or the import runs, and after the import while the decks page comes.
  const busy = previewing.busy || importing.busy || importing.done;
  const importFailure = importing.failure;
  const previewFailure = previewing.error;
  const error = useMemo<CardError | null>(
    () => (importFailure ? cardErrorFrom(importFailure) : previewFailure ? cardError(previewFailure) : null),
    [importFailure, previewFailure],
  );

  const check = (next: { file: typeof file; deckId: string; createMissingDecks: boolean }) => {
    setFile(next.file);
    setDeckId(next.deckId);
    setCreateMissingDecks(next.createMissingDecks);
    if (!next.file) return;
    importing.reset();
    void previewing.run({ csv: next.file.text, deckId: next.deckId, createMissingDecks: next.createMissingDecks });
  };

  const choose = async (chosen: File | undefined) => {
    if (chosen && chosen.size > CARD_IMPORT_MAX_BYTES) {
      check({ file: null, deckId, createMissingDecks });
      importing.reset();
      void previewing.run(null);
      return;
    }
    check({ file: chosen ? { name: chosen.name, text: await chosen.text() } : null, deckId, createMissingDecks });
  };

  const run = () => importing.run();

  const deckList = decks.status === 'ready' ? decks.data.decks : [];
  const ready = preview !== null && preview.errors.length === 0 && preview.rows.length > 0;
  return (
    <section aria-labelledby="import-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/cards" className={buttonClass('ghost', 'md', '-ml-2 px-2.5')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Decks
        </Link>
        <h1 id="import-title" className="flex-1 text-2xl font-bold tracking-tight text-slate-900">
          Import cards
        </h1>
      </div>
      <CardMeter allowance={decks.status === 'ready' ? decks.data.allowance : null} />
      <p className="text-sm text-pretty text-slate-600">
        A CSV file with the columns <strong>front, back, deck, tags</strong> (and optionally <strong>type</strong>:
        basic, reversed or cloze), with or without a header row; at most 5 MB and 10,000 rows. Nothing is saved until
        every row is right.
      </p>
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event.target.files?.[0])}
            className="text-sm"
          />
        </label>
        <label className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-700">
          Deck for rows without one
          <select
            value={deckId}
            onChange={(event) => check({ file, deckId: event.target.value, createMissingDecks })}
            className="h-10 max-w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="">None (the deck column is needed)</option>
            {deckList.map((deck) => (
              <option key={deck.id} value={deck.id}>
                {deck.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={createMissingDecks}
            onChange={(event) => check({ file, deckId, createMissingDecks: event.target.checked })}
            className="size-4 accent-brand-700"
          />
          Create the decks the file names that I do not have yet
        </label>
      </div>

      <CardErrorLine error={error} />
      {busy && !preview && <Spinner className="size-6 text-brand-700" />}
      {preview && (
        <div className="flex flex-col gap-4" aria-label="Preview">
          <p className="text-sm text-slate-700" data-testid="import-summary">
            {file?.name}: {preview.totalRows} {preview.totalRows === 1 ? 'row' : 'rows'}, {preview.cards}{' '}
            {preview.cards === 1 ? 'card' : 'cards'} to add
            {preview.newDecks.length > 0 && `, new decks: ${preview.newDecks.join(', ')}`}
            {preview.errors.length > 0 &&
              `, ${preview.errors.length} ${preview.errors.length === 1 ? 'row' : 'rows'} with errors`}
            .
          </p>
          {preview.errors.length > 0 && (
            <ul
              aria-label="Errors"
              className="max-h-60 overflow-y-auto rounded-lg bg-red-50 px-4 py-2 text-sm text-red-800 ring-1 ring-red-200"
            >
              {preview.errors.map((item) => (
                <li key={`${item.row}-${item.message}`}>{item.message}</li>
              ))}
            </ul>
          )}
          {preview.rows.length > 0 && <CardRowsTable rows={preview.rows} />}
          <div>
            <Button onClick={() => void run()} disabled={!ready || busy}>
              {busy ? <Spinner /> : <FileUp className="size-4" aria-hidden="true" />}
              Import {preview.cards} {preview.cards === 1 ? 'card' : 'cards'}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
