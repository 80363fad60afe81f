import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  CLEAR_HISTORY_COMMAND,
} from 'lexical';
import { useBeautifulMentions } from 'lexical-beautiful-mentions';
import { useCallback, useImperativeHandle, useRef } from 'react';
import { UNDO_HISTORY_MERGE_DELAY_MS } from '@turtle/shared/constants';
import { useTurtleStore } from '../../../lib/turtle-store';
import type { ComposerProps } from './composer';
import { ComposerDecoratorErrorBoundary } from './composer-error';
import { ComposerFrame, EDITOR_STYLE, EDITOR_TEXT_CLASS, SendOrStopButton } from './composer-frame';
import { readComposerMessage } from './composer-message';
import { MentionMenuAnchorContext } from './mention-menu';
import { NOTE_MENTION_TRIGGER } from './mention-suggestions';
import { NoteMentionsPlugin } from './note-mentions-plugin';
import { useRepairLaggingPick } from './use-repair-lagging-pick';
import { useCoarsePointer } from './use-coarse-pointer';
import { useHasText } from './use-has-text';
import { useSendOnEnter } from './use-send-on-enter';

/** The composer inside its Lexical context: the editable area, the plugins and the send button. */
export function ComposerEditor({
  ref,
  notes,
  notesLoading = false,
  disabled = false,
  blockedReason,
  onStop,
  onSend,
  placeholder,
  creatable = false,
  className,
}: ComposerProps & { placeholder: string }) {
  const [editor] = useLexicalComposerContext();
  const { insertMention } = useBeautifulMentions();
  const boxRef = useRef<HTMLDivElement>(null);
  const menuOpen = useRef(false);
  const coarsePointer = useCoarsePointer();
  const hasText = useHasText();
  const blocked = blockedReason !== undefined;
  const canSend = hasText && !disabled && !blocked;
  // product.md §4 "Message content": with canExpandNotes on, a note mention sends that note's content.
  const canExpandNotes = useTurtleStore((state) => state.canExpandNotes);

  const send = useCallback(() => {
    if (disabled || blocked) return;
    const expand = canExpandNotes ? new Map(notes.map((note) => [note.id, note.content])) : undefined;
    const message = readComposerMessage(editor, expand);
    if (message.content === '') return;
    onSend(message);
    editor.update(
      () => {
        $getRoot().clear().append($createParagraphNode());
        $setSelection(null);
      },
      { discrete: true },
    );
    editor.dispatchCommand(CLEAR_HISTORY_COMMAND, undefined);
    editor.blur();
  }, [disabled, blocked, editor, onSend, canExpandNotes, notes]);

  useSendOnEnter({ enabled: !coarsePointer, menuOpen, send });
  useRepairLaggingPick(menuOpen);

  useImperativeHandle(
    ref,
    () => ({
      focus: () => editor.focus(undefined, { defaultSelection: 'rootEnd' }),
      insertText: (text) =>
        editor.update(
          () => {
            $getRoot().selectEnd();
            const selection = $getSelection();
            if ($isRangeSelection(selection)) selection.insertRawText(text);
          },
          { discrete: true },
        ),
      mentionNote: (note) => {
        editor.focus(undefined, { defaultSelection: 'rootEnd' });
        insertMention({ trigger: NOTE_MENTION_TRIGGER, value: note.name, data: { id: note.id }, focus: true });
      },
    }),
    [editor, insertMention],
  );

  const onMenuOpenChange = useCallback((open: boolean) => {
    menuOpen.current = open;
  }, []);

  return (
    <MentionMenuAnchorContext value={boxRef}>
      <ComposerFrame ref={boxRef} className={className}>
        <div className="relative min-w-0 flex-1">
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                aria-label="Message"
                aria-placeholder={placeholder}
                aria-multiline
                enterKeyHint={coarsePointer ? 'enter' : 'send'}
                placeholder={
                  <div className="pointer-events-none absolute inset-x-0 top-0 truncate py-3 text-base/6 text-slate-500 select-none">
                    {placeholder}
                  </div>
                }
                className={EDITOR_TEXT_CLASS}
                style={EDITOR_STYLE}
              />
            }
            ErrorBoundary={ComposerDecoratorErrorBoundary}
          />
        </div>
        <SendOrStopButton
          onStop={disabled ? onStop : undefined}
          onSend={send}
          canSend={canSend}
          blockedReason={blockedReason}
        />
      </ComposerFrame>
      <HistoryPlugin delay={UNDO_HISTORY_MERGE_DELAY_MS} />
      <NoteMentionsPlugin
        notes={notes}
        loading={notesLoading}
        creatable={creatable}
        onMenuOpenChange={onMenuOpenChange}
      />
    </MentionMenuAnchorContext>
  );
}
