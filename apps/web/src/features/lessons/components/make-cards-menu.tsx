import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { makeCardsHref } from '@turtle/shared/cards-links';
import { MENU_BUTTON_CLASS, MENU_BUTTON_TITLE, MenuButtonLabel, type MakeCardsMenuProps } from './make-cards-button';

const itemClass =
  'flex cursor-pointer select-none flex-col items-start rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100';

/**
 * "Make cards" in the player (decision 012): from the sentence now playing, or from the whole lesson. Its own chunk
 * (Radix's menu), loaded by `LazyMakeCardsMenu`; `openAtOnce` when the button was pressed before it arrived (the
 * stand-in paused the player then).
 */
export default function MakeCardsMenu({
  lessonId,
  current,
  onOpen,
  openAtOnce = false,
}: MakeCardsMenuProps & { openAtOnce?: boolean }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={openAtOnce} onOpenChange={(open) => open && onOpen()}>
      <DropdownMenu.Trigger className={MENU_BUTTON_CLASS} title={MENU_BUTTON_TITLE}>
        <MenuButtonLabel />
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
