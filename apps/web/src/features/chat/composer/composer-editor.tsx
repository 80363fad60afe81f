import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $createParagraphNode, $getRoot, $setSelection, CLEAR_HISTORY_COMMAND } from 'lexical';
import { useBeautifulMentions } from 'lexical-beautiful-mentions';
import { SendHorizontal } from 'lucide-react';
import { useCallback, useImperativeHandle, useRef, type CSSProperties } from 'react';
import {
  COMPOSER_MAX_HEIGHT_REM,
  COMPOSER_MIN_HEIGHT_PX,
  EDITOR_INDENT_UNIT_PX,
  UNDO_HISTORY_MERGE_DELAY_MS,
} from '@turtle/shared/constants';
import { StopReplyButton } from '../../../components/ui/stop-reply-button';
import { cn } from '../../../lib/cn';
import type { ComposerProps } from './composer';
import { ComposerDecoratorErrorBoundary } from './composer-error';
import { readComposerMessage } from './composer-message';
import { MentionMenuAnchorContext } from './mention-menu';
import { NOTE_MENTION_TRIGGER } from './mention-suggestions';
import { NoteMentionsPlugin } from './note-mentions-plugin';
import { useCoarsePointer } from './use-coarse-pointer';
import { useHasText } from './use-has-text';
import { useSendOnEnter } from './use-send-on-enter';

const EDITOR_STYLE = {
  minHeight: `${COMPOSER_MIN_HEIGHT_PX}px`,
  maxHeight: `${COMPOSER_MAX_HEIGHT_REM}rem`,
  '--lexical-indent-base-value': `${EDITOR_INDENT_UNIT_PX}px`,
} as CSSProperties;

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

  const send = useCallback(() => {
    if (disabled || blocked) return;
    const message = readComposerMessage(editor);
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
  }, [disabled, blocked, editor, onSend]);

  useSendOnEnter({ enabled: !coarsePointer, menuOpen, send });

  useImperativeHandle(
    ref,
    () => ({
      focus: () => editor.focus(undefined, { defaultSelection: 'rootEnd' }),
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
      <div
        ref={boxRef}
        className={cn(
          'flex items-end gap-2 rounded-2xl border border-slate-300 bg-white py-1 pr-1.5 pl-4 shadow-sm transition-shadow',
          'focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/20',
          className,
        )}
      >
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
                className="overflow-y-auto overscroll-contain py-3 text-base/6 break-words whitespace-pre-wrap text-slate-900 outline-none"
                style={EDITOR_STYLE}
              />
            }
            ErrorBoundary={ComposerDecoratorErrorBoundary}
          />
        </div>
        {disabled && onStop ? (
          <StopReplyButton title="Stop the reply" onStop={onStop} size="md" />
        ) : (
          <button
            type="button"
            aria-label="Send message"
            title={blockedReason ?? 'Send message'}
            disabled={!canSend}
            onClick={send}
            className={cn(
              'mb-1 inline-flex size-10 shrink-0 items-center justify-center rounded-xl transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              canSend
                ? 'bg-brand-700 text-white shadow-sm hover:bg-brand-800'
                : 'cursor-not-allowed bg-slate-100 text-slate-400',
            )}
          >
            <SendHorizontal className="size-5" aria-hidden="true" />
          </button>
        )}
      </div>
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
