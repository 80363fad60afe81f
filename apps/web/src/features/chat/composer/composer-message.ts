import { $generateHtmlFromNodes } from '@lexical/html';
import { $dfs } from '@lexical/utils';
import { $getRoot, type LexicalEditor } from 'lexical';
import { $isBeautifulMentionNode } from 'lexical-beautiful-mentions';
import type { ComposerMessage } from '@turtle/shared/conversation';
import { NOTE_MENTION_TRIGGER } from './mention-suggestions';

/**
 * The message text (product.md §4 "Message content"): the editor's text with each mention as trigger plus value
 * ("@Groceries"), one line per paragraph, trimmed. Call inside a read or update.
 */
export function $getComposerText(): string {
  return $getRoot()
    .getChildren()
    .map((block) => block.getTextContent())
    .join('\n')
    .trim();
}

/** The ids of the notes mentioned with @, each once, in the order they first appear. Call inside a read. */
export function $getMentionedNoteIds(): string[] {
  const ids = new Set<string>();
  for (const { node } of $dfs()) {
    if (!$isBeautifulMentionNode(node) || node.getTrigger() !== NOTE_MENTION_TRIGGER) continue;
    const id = node.getData()?.id;
    if (typeof id === 'string' && id !== '') ids.add(id);
  }
  return [...ids];
}

/** What the composer sends: the text, the editor's HTML, its serialized state and the mentioned notes. */
export function readComposerMessage(editor: LexicalEditor): ComposerMessage {
  return editor.read(() => ({
    content: $getComposerText(),
    htmlContent: $generateHtmlFromNodes(editor, null),
    lexicalContent: JSON.stringify(editor.getEditorState().toJSON()),
    noteIds: $getMentionedNoteIds(),
  }));
}
