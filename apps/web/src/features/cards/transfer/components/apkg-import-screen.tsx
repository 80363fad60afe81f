import { ArrowLeft, FileUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CARD_MEDIA_MAX_FILE_BYTES, CARD_MEDIA_QUOTA_BYTES, formatMediaBytes } from '@turtle/shared/card-media';
import { APKG_MAX_BYTES, APKG_TOO_LARGE_MESSAGE } from '@turtle/shared/cards-import';
import { Plan } from '@turtle/shared/plans';
import { Button, buttonClass } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { refuseInput, useServerMutation } from '../../../../lib/query/use-server-mutation';
import { importApkg, previewApkg } from '../api/import-apkg';
import { useDecks } from '../../shared/hooks/use-decks';
import { cardsChanged } from '../../shared/lib/cards-changed';
import { ApkgSummaryView } from './apkg-summary';
import { CardMeter } from '../../shared/components/card-meter';
import { cardErrorFrom, CardErrorLine, type CardError } from '../../shared/components/card-error';

/** /cards/import?from=anki: an Anki package with its review history; a preview, then everything or nothing. */
export function ApkgImportScreen() {
  const { state: decks } = useDecks();
  const [file, setFile] = useState<File | null>(null);
  // Only the newest preview counts (another file can be chosen while one is on its way).
  const previewing = useServerMutation(
    (chosen: File) => (chosen.size > APKG_MAX_BYTES ? refuseInput(APKG_TOO_LARGE_MESSAGE) : previewApkg(chosen)),
    { latest: true },
  );
  const importing = useServerMutation(async (chosen: File) => {
    const summary = await importApkg(chosen);
    cardsChanged();
    return summary;
  });
  const imported = importing.data ?? null;
  const preview = imported ? null : (previewing.data ?? null);
  const busy = previewing.busy || importing.busy;
  const failure = importing.failure ?? previewing.failure;
  const error = useMemo<CardError | null>(() => (failure ? cardErrorFrom(failure) : null), [failure]);

  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    importing.reset();
    if (chosen) void previewing.run(chosen);
    else previewing.reset();
  };

  const run = async () => {
    if (file) await importing.run(file);
  };

  return (
    <section aria-labelledby="apkg-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/cards" className={buttonClass('ghost', 'md', '-ml-2 px-2.5')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Decks
        </Link>
        <h1 id="apkg-title" className="flex-1 text-2xl font-bold tracking-tight text-slate-900">
          Import from Anki
        </h1>
      </div>
      <CardMeter allowance={decks.status === 'ready' ? decks.data.allowance : null} />
      <p className="text-sm text-pretty text-slate-600">
        In Anki, use <strong>File › Export</strong>, choose <strong>Anki Deck Package (.apkg)</strong>, tick{' '}
        <strong>Include scheduling information</strong>, <strong>Include media</strong> and{' '}
        <strong>Support older Anki versions</strong>. Your decks, basic, reversed and cloze cards and their review
        history come along, so your schedule and the optimizer start from your past, with the images and sounds the
        cards use (up to {formatMediaBytes(CARD_MEDIA_MAX_FILE_BYTES)} each; your plan keeps{' '}
        {formatMediaBytes(CARD_MEDIA_QUOTA_BYTES[Plan.FREE])} of them on Free,{' '}
        {formatMediaBytes(CARD_MEDIA_QUOTA_BYTES[Plan.PRO])} on Pro). At most 50 MB; nothing is saved until you confirm.
      </p>
      <label className="flex flex-col gap-1 rounded-2xl bg-white p-4 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200 sm:p-5">
        Anki package (.apkg)
        <input
          type="file"
          accept=".apkg,.colpkg"
          onChange={(event) => choose(event.target.files?.[0])}
          className="text-sm"
        />
      </label>
      <CardErrorLine error={error} />
      {busy && !preview && <Spinner className="size-6 text-brand-700" />}
      {preview && (
        <>
          <ApkgSummaryView summary={preview} done={false} />
          <div>
            <Button onClick={() => void run()} disabled={busy || preview.cards === 0}>
              {busy ? <Spinner /> : <FileUp className="size-4" aria-hidden="true" />}
              Import {preview.cards} {preview.cards === 1 ? 'card' : 'cards'}
            </Button>
          </div>
        </>
      )}
      {imported && (
        <>
          <ApkgSummaryView summary={imported} done />
          <div className="flex gap-2">
            <Link to="/cards" className={buttonClass('primary')}>
              Go to my decks
            </Link>
            <Link to="/cards/analytics" className={buttonClass('secondary')}>
              See analytics
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
