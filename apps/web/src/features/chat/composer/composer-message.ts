import { $generateHtmlFromNodes } from '@lexical/html';
import { $dfs } from '@lexical/utils';
import { $getRoot, $isElementNode, type LexicalEditor, type LexicalNode } from 'lexical';
import { $isBeautifulMentionNode } from 'lexical-beautiful-mentions';
import type { ComposerMessage } from '@turtle/shared/conversation';
import { NOTE_MENTION_TRIGGER } from './mention-suggestions';

/** Note contents by note id: given, a note mention expands to its note's content (product.md §4, canExpandNotes). */
export type NoteContents = ReadonlyMap<string, string>;

/**
 * The message text (product.md §4 "Message content"): the editor's text with each mention as trigger plus value
 * ("@Groceries"), or, with `expand` (when the client store's canExpandNotes is on), a note mention as that note's
 * content; one line per paragraph, trimmed. Call inside a read or update.
 */
export function $getComposerText(expand?: NoteContents): string {
  return $getRoot()
    .getChildren()
    .map((block) => (expand ? $expandedText(block, expand) : block.getTextContent()))
    .join('\n')
    .trim();
}

function $expandedText(node: LexicalNode, expand: NoteContents): string {
  if ($isBeautifulMentionNode(node) && node.getTrigger() === NOTE_MENTION_TRIGGER) {
    const id = node.getData()?.id;
    const content = typeof id === 'string' ? expand.get(id) : undefined;
    if (content !== undefined) return content;
  }
  if (!$isElementNode(node)) return node.getTextContent();
  return node
    .getChildren()
    .map((child) => $expandedText(child, expand))
    .join('');
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

/**
 * What the composer sends: the text (note mentions expanded with `expand`), the editor's HTML, its serialized state and
 * the mentioned notes.
 */
export function readComposerMessage(editor: LexicalEditor, expand?: NoteContents): ComposerMessage {
  return editor.read(() => ({
    content: $getComposerText(expand),
    htmlContent: $generateHtmlFromNodes(editor, null),
    lexicalContent: JSON.stringify(editor.getEditorState().toJSON()),
    noteIds: $getMentionedNoteIds(),
  }));
}
