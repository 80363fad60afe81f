// @vitest-environment jsdom
import { setCoarsePointer } from './test-pointer';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { $createParagraphNode, $createTextNode, $getRoot, KEY_ENTER_COMMAND, type LexicalEditor } from 'lexical';
import { $createBeautifulMentionNode } from 'lexical-beautiful-mentions';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComposerMessage } from '@turtle/shared/conversation';
import { Composer, type ComposerHandle } from './composer';
import { ComposerErrorBoundary } from './composer-error-boundary';

afterEach(() => {
  cleanup();
  setCoarsePointer(false);
  vi.restoreAllMocks();
});

function renderComposer(props: Partial<Parameters<typeof Composer>[0]> = {}) {
  const onSend = vi.fn<(message: ComposerMessage) => void>();
  const ref = createRef<ComposerHandle>();
  const view = render(<Composer notes={[]} onSend={onSend} ref={ref} {...props} />);
  const textbox = screen.getByRole('textbox', { name: 'Message' });
  const editor = (textbox as HTMLElement & { __lexicalEditor: LexicalEditor }).__lexicalEditor;
  const sendButton = () => screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
  return { onSend, ref, view, textbox, editor, sendButton };
}

/** Replaces the message with one paragraph (a mention for `@name#id`). */
async function type(editor: LexicalEditor, ...parts: string[]) {
  await act(async () => {
    editor.update(
      () => {
        const paragraph = $createParagraphNode();
        for (const part of parts) {
          const mention = /^@(.+)#(.+)$/.exec(part);
          paragraph.append(
            mention ? $createBeautifulMentionNode('@', mention[1]!, { id: mention[2]! }) : $createTextNode(part),
          );
        }
        $getRoot().clear().append(paragraph);
        paragraph.selectEnd();
      },
      { discrete: true },
    );
  });
}

async function pressEnter(editor: LexicalEditor, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true, ...init });
  let handled = false;
  await act(async () => {
    handled = editor.dispatchCommand(KEY_ENTER_COMMAND, event);
  });
  return { handled, defaultPrevented: event.defaultPrevented };
}

const text = (editor: LexicalEditor) => editor.read(() => $getRoot().getTextContent());

describe('Composer', () => {
  it('shows the placeholder and a disabled send button while empty', () => {
    const { sendButton, textbox } = renderComposer();
    expect(screen.getByText('Type your message...')).toBeTruthy();
    expect(textbox.getAttribute('aria-placeholder')).toBe('Type your message...');
    expect(sendButton().disabled).toBe(true);
  });

  it('takes another placeholder', () => {
    renderComposer({ placeholder: 'Ask about this lesson...' });
    expect(screen.getByText('Ask about this lesson...')).toBeTruthy();
  });

  it('keeps send disabled for blank text and while a reply streams', async () => {
    const { editor, sendButton, view, onSend, ref } = renderComposer();
    await type(editor, '   ');
    expect(sendButton().disabled).toBe(true);
    await type(editor, 'Hello');
    expect(sendButton().disabled).toBe(false);

    view.rerender(<Composer notes={[]} onSend={onSend} ref={ref} disabled />);
    expect(sendButton().disabled).toBe(true);
    expect((await pressEnter(editor)).handled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    expect(text(editor)).toBe('Hello');
  });

  it('sends with the button: the message, then an empty editor without focus', async () => {
    const { editor, sendButton, onSend, textbox } = renderComposer();
    await type(editor, 'What is in ', '@Groceries#n1', ' and ', '@Groceries#n1', '?  ');
    await act(async () => fireEvent.click(sendButton()));

    expect(onSend).toHaveBeenCalledTimes(1);
    const message = onSend.mock.calls[0]![0];
    expect(message.content).toBe('What is in @Groceries and @Groceries?');
    expect(message.noteIds).toEqual(['n1']);
    expect(message.htmlContent).toContain('data-lexical-beautiful-mention');
    expect(JSON.parse(message.lexicalContent!).root.type).toBe('root');

    expect(text(editor)).toBe('');
    expect(sendButton().disabled).toBe(true);
    expect(document.activeElement).not.toBe(textbox);
  });

  it('sends on Enter; Shift+Enter adds a line instead', async () => {
    const { editor, onSend } = renderComposer();
    await type(editor, 'Line one');
    await pressEnter(editor, { shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(text(editor)).toBe('Line one\n');

    const enter = await pressEnter(editor);
    expect(enter).toEqual({ handled: true, defaultPrevented: true });
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ content: 'Line one' }));
    expect(text(editor)).toBe('');
  });

  it('does nothing on Enter when the message is blank', async () => {
    const { editor, onSend } = renderComposer();
    await type(editor, '  ');
    expect((await pressEnter(editor)).handled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('leaves Enter to the editor on touch devices, where only the button sends', async () => {
    setCoarsePointer(true);
    const { editor, onSend, sendButton } = renderComposer();
    await type(editor, 'On a phone');
    expect((await pressEnter(editor)).defaultPrevented).toBe(true); // by the editor, which adds a paragraph
    expect(onSend).not.toHaveBeenCalled();
    expect(text(editor)).toBe('On a phone\n\n');
    await act(async () => fireEvent.click(sendButton()));
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ content: 'On a phone' }));
  });

  it('focuses the editor, caret at the end, through its handle', async () => {
    // jsdom cannot focus a contenteditable element; the end-to-end tests see the caret.
    const { ref, editor } = renderComposer();
    const focus = vi.spyOn(editor, 'focus');
    ref.current!.focus();
    expect(focus).toHaveBeenCalledWith(undefined, { defaultSelection: 'rootEnd' });
  });
});

describe('ComposerErrorBoundary', () => {
  it('shows "An error was thrown." in place of a failed editor, and logs the error', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <ComposerErrorBoundary>
        <Broken />
      </ComposerErrorBoundary>,
    );
    const box = screen.getByRole('alert');
    expect(box.textContent).toBe('An error was thrown.');
    expect(box.className).toContain('border-red-500');
    expect(log).toHaveBeenCalledWith('The message composer failed.', expect.any(Error), expect.anything());
  });
});
