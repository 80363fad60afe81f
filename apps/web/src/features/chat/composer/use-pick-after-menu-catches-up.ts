import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { COMMAND_PRIORITY_CRITICAL, KEY_ENTER_COMMAND, KEY_TAB_COMMAND, mergeRegister } from 'lexical';
import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

type PickKey = { key: 'Enter' | 'Tab'; event: KeyboardEvent };

/**
 * Lexical's typeahead learns what follows the @ in a React transition, so an Enter or Tab pressed right after a
 * keystroke can reach the menu before it has: the menu then replaces the query as it was a keystroke earlier and
 * leaves its first characters in front of the token ("and @@Trip to Lisbon"). While the menu is open, Enter and Tab
 * wait for React's pending transitions (the menu's among them: React renders all transitions together) and the
 * effects of that commit, where the menu registers its keys for the query it now has; then they go to the menu.
 * Shift+Enter (a new line) and keys during an IME composition go on at once, as before.
 */
export function usePickAfterMenuCatchesUp(menuOpen: RefObject<boolean>) {
  const [editor] = useLexicalComposerContext();
  const [waiting, setWaiting] = useState<PickKey | null>(null);
  const released = useRef(new WeakSet<KeyboardEvent>());

  useEffect(() => {
    const hold = (key: PickKey['key']) => (event: KeyboardEvent | null) => {
      if (!menuOpen.current || event === null || event.shiftKey || event.isComposing) return false;
      if (released.current.has(event)) return false;
      event.preventDefault();
      startTransition(() => setWaiting({ key, event }));
      return true;
    };
    return mergeRegister(
      editor.registerCommand(KEY_ENTER_COMMAND, hold('Enter'), COMMAND_PRIORITY_CRITICAL),
      editor.registerCommand(KEY_TAB_COMMAND, hold('Tab'), COMMAND_PRIORITY_CRITICAL),
    );
  }, [editor, menuOpen]);

  useEffect(() => {
    if (!waiting) return;
    // A task later: after every effect of this commit, the menu's included.
    const timer = setTimeout(() => {
      // The menu closed meanwhile: the key was for it, so it does nothing (it must not send the message).
      if (!menuOpen.current) return;
      released.current.add(waiting.event);
      if (waiting.key === 'Enter') editor.dispatchCommand(KEY_ENTER_COMMAND, waiting.event);
      else editor.dispatchCommand(KEY_TAB_COMMAND, waiting.event);
    });
    return () => clearTimeout(timer);
  }, [editor, waiting, menuOpen]);
}
