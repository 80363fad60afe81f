import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Layers } from 'lucide-react';
import { useNavigate } from 'react-router';
import { makeCardsHref } from '@turtle/shared/cards-links';
import type { TranscriptEntry } from '@turtle/shared/lesson';
import { buttonClass } from '../../../components/ui/button';

const itemClass =
  'flex cursor-pointer select-none flex-col items-start rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100';

/** "Make cards" in the player (issue 13): from the sentence now playing, or from the whole lesson. */
export function MakeCardsMenu({
  lessonId,
  current,
  onOpen,
}: {
  lessonId: string;
  current: TranscriptEntry | undefined;
  onOpen: () => void;
}) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root modal={false} onOpenChange={(open) => open && onOpen()}>
      <DropdownMenu.Trigger className={buttonClass('secondary', 'sm')} title="Make flashcards from this lesson">
        <Layers className="size-4 text-brand-700" aria-hidden="true" />
        <span className="hidden sm:inline">Make cards</span>
        <span className="sr-only sm:hidden">Make cards</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item
            className={itemClass}
            disabled={!current}
            onSelect={() => current && navigate(makeCardsHref({ kind: 'lesson', lessonId, ms: current.startMs }))}
          >
            From this sentence
            {current && <span className="line-clamp-2 text-xs text-slate-500">“{current.sentence}”</span>}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => navigate(makeCardsHref({ kind: 'lesson', lessonId }))}
          >
            From the whole lesson
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
