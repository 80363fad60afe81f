import { Layers } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { TranscriptEntry } from '@turtle/shared/lesson';
import { buttonClass } from '../../../components/ui/button';
import { useWhenIdle } from '../../../lib/use-when-idle';

export interface MakeCardsMenuProps {
  lessonId: string;
  current: TranscriptEntry | undefined;
  onOpen: () => void;
}

export const MENU_BUTTON_CLASS = buttonClass('secondary', 'sm');
export const MENU_BUTTON_TITLE = 'Make flashcards from this lesson';

export function MenuButtonLabel() {
  return (
    <>
      <Layers className="size-4 text-brand-700" aria-hidden="true" />
      <span className="hidden sm:inline">Make cards</span>
      <span className="sr-only sm:hidden">Make cards</span>
    </>
  );
}

const loadMenu = () => import('./make-cards-menu');
const MakeCardsMenu = lazy(loadMenu);
// Pointing at or focusing the stand-in fetches the menu without swapping the button under the pointer mid-click.
const preloadMenu = () => void loadMenu().catch(() => {});

/**
 * The "Make cards" button, with its menu (Radix's, about 17 KB) loaded once the player has settled (decision 030) or
 * as soon as the person points at, focuses or presses the button; a press before the menu arrived opens it when it
 * does. Until then a button of the same look stands in.
 */
export function LazyMakeCardsMenu(props: MakeCardsMenuProps) {
  const [wanted, setWanted] = useState(false);
  const [pressed, setPressed] = useState(false);
  useWhenIdle(useCallback(() => setWanted(true), []));
  const standIn = (
    <button
      type="button"
      className={MENU_BUTTON_CLASS}
      title={MENU_BUTTON_TITLE}
      aria-haspopup="menu"
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={() => {
        // As the menu's own trigger does when it opens.
        props.onOpen();
        setPressed(true);
      }}
    >
      <MenuButtonLabel />
    </button>
  );
  if (!wanted && !pressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MakeCardsMenu {...props} openAtOnce={pressed} />
    </Suspense>
  );
}
