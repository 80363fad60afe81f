import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { COMMAND_PRIORITY_LOW, KEY_ENTER_COMMAND } from 'lexical';
import { useEffect, type RefObject } from 'react';

/**
 * Enter sends; Shift+Enter falls through to the editor, which adds a line (product.md §2). The mention menu handles Enter
 * first (at a higher priority) when it has an option to pick; while it is open without one (still loading), Enter
 * does nothing. When `enabled` is false (touch devices), Enter adds a line and only the button sends.
 */
export function useSendOnEnter({
  enabled,
  menuOpen,
  send,
}: {
  enabled: boolean;
  menuOpen: RefObject<boolean>;
  send: () => void;
}) {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        KEY_ENTER_COMMAND,
        (event) => {
          if (!enabled || event === null || event.shiftKey || event.isComposing) return false;
          event.preventDefault();
          if (!menuOpen.current) send();
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor, enabled, menuOpen, send],
  );
}
