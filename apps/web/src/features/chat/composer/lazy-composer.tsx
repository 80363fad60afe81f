import {
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useWhenIdle } from '../../../lib/use-when-idle';
import type { ComposerHandle, ComposerProps } from './composer';
import { ComposerErrorBoundary } from './composer-error-boundary';
import {
  ComposerFrame,
  DEFAULT_COMPOSER_PLACEHOLDER,
  EDITOR_STYLE,
  EDITOR_TEXT_CLASS,
  SendOrStopButton,
} from './composer-frame';

/** An @ and the start of a note's name, at the end of the text: the @ menu would be open for it in the editor. */
const MENTION_BEING_TYPED = /(^|\s)@[^\s@]*$/;

let editorLoaded = false;
const LoadedComposer = lazy(async () => {
  const { Composer } = await import('./composer');
  editorLoaded = true;
  return { default: Composer };
});

/** A promise the editor's load waits for, and what releases it. */
function useEditorGate(): { wanted: Promise<void>; want: () => void } {
  const [gate] = useState(() => {
    let want = () => {};
    const wanted = new Promise<void>((resolve) => (want = resolve));
    return { wanted, want };
  });
  return gate;
}

/** Suspends (the stand-in shows) until the editor is wanted. */
function WhenWanted({ wanted, children }: { wanted: Promise<void>; children: ReactNode }) {
  use(wanted);
  return children;
}

/** What happened in the stand-in before the editor arrived, handed to the editor when it does. */
interface Draft {
  text: string;
  /** What was typed there and has passed to the editor. */
  handedText: string;
  focused: boolean;
  mentions: { id: string; name: string }[];
}

/**
 * The chat composer, its editor (Lexical, the largest chunk of the chat) loaded after the screen's content (decisions
 * 026, 028): once `screenShown` says the screen around it has drawn what it read, that frame is painted and the page
 * is idle, or at once when the person reaches for the composer (a focus, a press, a suggestion tapped), so the
 * editor's 75 KB never compete with the screen's own reads and chunks. Until it arrives, a plain text area in the same
 * box stands in: the same size, placeholder and buttons, so nothing moves. What is typed there, whether it had focus,
 * and the mentions asked for meanwhile (the empty chat's suggestions) pass to the editor when it arrives. Sending waits
 * for the editor. Once loaded, later composers show the editor at once.
 */
export function LazyComposer({ ref, screenShown = true, ...props }: ComposerProps & { screenShown?: boolean }) {
  const gate = useEditorGate();
  const [gated] = useState(() => !editorLoaded);
  useWhenIdle(screenShown ? gate.want : null);
  const draft = useRef<Draft>({ text: '', handedText: '', focused: false, mentions: [] });
  const editor = useRef<ComposerHandle | null>(null);
  const standIn = useRef<HTMLTextAreaElement>(null);

  useImperativeHandle(
    ref,
    () => ({
      focus: () => (editor.current ? editor.current.focus() : standIn.current?.focus()),
      mentionNote: (note) => {
        if (editor.current) editor.current.mentionNote(note);
        else {
          draft.current.mentions.push(note);
          gate.want();
        }
      },
      insertText: (text) => {
        if (editor.current) editor.current.insertText(text);
        else if (standIn.current) {
          standIn.current.value += text;
          gate.want();
        }
      },
    }),
    [gate],
  );

  // The text and the focus pass in the same commit that removes the stand-in (a layout effect, after the editor's
  // root element and handle are attached), so no task runs between: no key, focus or selection event can reach an
  // editor that has the focus but not yet the text (" thereHello" was seen when this ran later). The text passes once;
  // the caret is put at its end each time this runs, as StrictMode's second run (development builds) follows a
  // re-attach of the editor's root that leaves the caret at the start.
  const handOverText = useCallback(() => {
    const handle = editor.current;
    const handed = draft.current;
    if (!handle) return;
    // Inserting (even nothing) puts the caret at the end of the message.
    if (handed.text || handed.focused) handle.insertText(handed.text);
    handed.handedText += handed.text;
    handed.text = '';
    if (handed.focused) handle.focus();
  }, []);
  // The mention plugin registers its command and its watch for "@" in passive effects, so what needs it passes after:
  // the mentions asked for meanwhile, and a message that ends in "@bud" opens the @ menu, as if "bud" had just been typed.
  const handOverMentions = useCallback(() => {
    const handle = editor.current;
    const handed = draft.current;
    if (!handle) return;
    if (handed.focused && MENTION_BEING_TYPED.test(handed.handedText)) handle.focus();
    for (const note of handed.mentions.splice(0)) handle.mentionNote(note);
  }, []);

  const loaded = (
    <>
      <LoadedComposer {...props} ref={editor} />
      <AfterMount layout={handOverText} passive={handOverMentions} />
    </>
  );
  return (
    <ComposerErrorBoundary>
      <Suspense fallback={<StandIn {...props} textarea={standIn} draft={draft} onReach={gate.want} />}>
        {gated ? <WhenWanted wanted={gate.wanted}>{loaded}</WhenWanted> : loaded}
      </Suspense>
    </ComposerErrorBoundary>
  );
}

function AfterMount({ layout, passive }: { layout: () => void; passive: () => void }) {
  useLayoutEffect(layout, [layout]);
  useEffect(passive, [passive]);
  return null;
}

function StandIn({
  textarea,
  draft,
  onReach,
  placeholder = DEFAULT_COMPOSER_PLACEHOLDER,
  disabled = false,
  onStop,
  blockedReason,
  className,
}: ComposerProps & {
  textarea: React.RefObject<HTMLTextAreaElement | null>;
  draft: React.RefObject<Draft>;
  /** The person reaches for the composer: the editor is wanted now. */
  onReach: () => void;
}) {
  // Runs as the editor replaces the stand-in, while the text area is still in the page and may have the focus.
  useLayoutEffect(
    () => () => {
      const element = textarea.current;
      if (!element) return;
      draft.current.text = element.value;
      draft.current.focused = document.activeElement === element;
    },
    [textarea, draft],
  );
  return (
    <ComposerFrame className={className}>
      <div className="relative min-w-0 flex-1">
        <textarea
          ref={textarea}
          aria-label="Message"
          placeholder={placeholder}
          rows={1}
          data-composer-loading=""
          onFocus={onReach}
          onPointerDown={onReach}
          // Enter sends once the editor is here; until then it adds no line the message would not have had.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) event.preventDefault();
          }}
          className={`block w-full resize-none bg-transparent [field-sizing:content] placeholder:text-slate-500 ${EDITOR_TEXT_CLASS}`}
          style={EDITOR_STYLE}
        />
      </div>
      <SendOrStopButton onStop={disabled ? onStop : undefined} canSend={false} blockedReason={blockedReason} />
    </ComposerFrame>
  );
}
