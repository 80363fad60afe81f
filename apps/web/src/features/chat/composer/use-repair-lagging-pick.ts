import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $getNodeByKey,
  $getSelection,
  $isRangeSelection,
  $isTextNode,
  COMMAND_PRIORITY_CRITICAL,
  KEY_ENTER_COMMAND,
  KEY_TAB_COMMAND,
  mergeRegister,
} from 'lexical';
import { $isBeautifulMentionNode } from 'lexical-beautiful-mentions';
import { useEffect, type RefObject } from 'react';
import { NOTE_MENTION_TRIGGER } from './mention-suggestions';

/**
 * Lexical's typeahead learns what follows the @ in a React transition, so an Enter or Tab pressed right after a
 * keystroke can reach the menu before it has: the menu then replaces the query as it was a keystroke earlier and
 * leaves its first characters in front of the token ("and @@Trip to Lisbon"). When one of those keys reaches the open
 * menu, this notes the query as it really is; once the pick is committed, characters of that query left in front of
 * the new token are removed. A pick that replaced the whole query leaves nothing to remove. The keys are not delayed:
 * what is typed next still lands after the token.
 */
export function useRepairLaggingPick(menuOpen: RefObject<boolean>) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    const noteQuery = (event: KeyboardEvent | null) => {
      if (!menuOpen.current || event?.shiftKey || event?.isComposing) return false;
      const selection = $getSelection();
      if (!$isRangeSelection(selection) || !selection.isCollapsed() || selection.anchor.type !== 'text') return false;
      const node = selection.anchor.getNode();
      const beforeCaret = node.getTextContent().slice(0, selection.anchor.offset);
      const at = beforeCaret.lastIndexOf(NOTE_MENTION_TRIGGER);
      if (at < 0) return false;
      repairAfterPick(node.getKey(), beforeCaret.slice(0, at), beforeCaret.slice(at));
      return false;
    };
    // The menu splits the query off this node, which keeps the text in front of it (`before`) plus what it left.
    const repairAfterPick = (key: string, before: string, query: string) => {
      const stop = editor.registerUpdateListener(() => {
        stop();
        editor.update(
          () => {
            const node = $getNodeByKey(key);
            if (!$isTextNode(node) || !$isBeautifulMentionNode(node.getNextSibling())) return;
            const text = node.getTextContent();
            const left = text.slice(before.length);
            if (!text.startsWith(before) || left === '' || left.length >= query.length || !query.startsWith(left))
              return;
            if (before === '') node.remove();
            else node.setTextContent(before);
          },
          { tag: 'history-merge' },
        );
      });
    };
    return mergeRegister(
      editor.registerCommand(KEY_ENTER_COMMAND, noteQuery, COMMAND_PRIORITY_CRITICAL),
      editor.registerCommand(KEY_TAB_COMMAND, noteQuery, COMMAND_PRIORITY_CRITICAL),
    );
  }, [editor, menuOpen]);
}
