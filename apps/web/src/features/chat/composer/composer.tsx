import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { BeautifulMentionNode } from 'lexical-beautiful-mentions';
import type { Ref } from 'react';
import type { ComposerMessage } from '@turtle/shared/conversation';
import type { Note } from '@turtle/shared/note';
import { ComposerEditor } from './composer-editor';
import { ComposerErrorBoundary } from './composer-error-boundary';
import { DEFAULT_COMPOSER_PLACEHOLDER } from './composer-frame';
import { COMPOSER_THEME } from './composer-theme';

/** What a parent can do with the composer, through its `ref`. */
export interface ComposerHandle {
  /** Puts the caret at the end of the message (the chat screen calls it 100 ms after a reply, on non-touch devices). */
  focus(): void;
  /** Adds a mention of `note` at the caret, as choosing it in the @ menu does (the empty chat's suggestions). */
  mentionNote(note: { id: string; name: string }): void;
  /** Adds plain text at the end of the message (what was typed into the stand-in before the editor loaded). */
  insertText(text: string): void;
}

export interface ComposerProps {
  /** The notes the @ menu suggests. */
  notes: Note[];
  /** The menu shows "Loading..." while true. */
  notesLoading?: boolean;
  /** True while a reply streams: sending is blocked, typing is not. */
  disabled?: boolean;
  /** While a reply streams, Stop takes the send button's place (docs/product.md "Chat screen") and calls this. */
  onStop?: () => void;
  /** Said under the editor and on the send button while sending is blocked for a reason (the daily limit). */
  blockedReason?: string;
  onSend(message: ComposerMessage): void;
  /** Defaults to "Type your message...". */
  placeholder?: string;
  /** Offers `Add "{text}"` for a typed value that is no note's name (product.md §4); such a mention carries no note id. */
  creatable?: boolean;
  className?: string;
  ref?: Ref<ComposerHandle>;
}

const INITIAL_CONFIG: InitialConfigType = {
  namespace: 'turtle-composer',
  theme: COMPOSER_THEME,
  nodes: [BeautifulMentionNode],
  onError: (error) => console.error('The message editor failed.', error),
};

/**
 * The chat composer (product.md §2 "Chat screen", product.md §4 "Composer" and "Mention menu"): a Lexical editor that grows from
 * 48px to 8rem and then scrolls, with @-mentions of notes and a send button. Enter sends and Shift+Enter adds a line
 * (not on touch devices, and never while the mention menu is open); after a send it clears and loses focus. If the
 * editor fails, the box "An error was thrown." takes its place.
 */
export function Composer({ placeholder = DEFAULT_COMPOSER_PLACEHOLDER, ...props }: ComposerProps) {
  return (
    <ComposerErrorBoundary>
      <LexicalComposer initialConfig={INITIAL_CONFIG}>
        <ComposerEditor placeholder={placeholder} {...props} />
      </LexicalComposer>
    </ComposerErrorBoundary>
  );
}
