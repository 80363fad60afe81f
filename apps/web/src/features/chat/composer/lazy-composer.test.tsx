// @vitest-environment jsdom
import './test-pointer';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { $getRoot, type LexicalEditor } from 'lexical';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComposerMessage } from '@turtle/shared/conversation';
import type { ComposerHandle } from './composer';
import { LazyComposer } from './lazy-composer';

afterEach(cleanup);

/** Rendered in an awaited `act`: the stand-in's Suspense boundary commits only then in a test (React's act rules). */
async function renderLazyComposer(screenShown = true) {
  const onSend = vi.fn<(message: ComposerMessage) => void>();
  const ref = createRef<ComposerHandle>();
  await act(async () => {
    render(<LazyComposer notes={[]} onSend={onSend} ref={ref} screenShown={screenShown} />);
  });
  return { onSend, ref };
}

/** The Lexical editor once it has replaced the stand-in. */
async function loadedEditor() {
  const textbox = await waitFor(
    () => {
      const element = screen.getByRole('textbox', { name: 'Message' });
      expect(element.getAttribute('contenteditable')).toBe('true');
      return element;
    },
    // The first import of the editor's modules in a test run takes a while.
    { timeout: 10_000 },
  );
  return { textbox, editor: (textbox as HTMLElement & { __lexicalEditor: LexicalEditor }).__lexicalEditor };
}

const text = (editor: LexicalEditor) => editor.read(() => $getRoot().getTextContent());

// React.lazy keeps the editor's module once it has loaded, so only the first render of this file shows the stand-in:
// one story covers the hand-over, and the tests after it see the editor at once.
describe('LazyComposer', () => {
  it('stands in with a text area of the same look, then hands what was typed and a mention to the editor', async () => {
    const { ref, onSend } = await renderLazyComposer();
    const standIn = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(standIn.tagName).toBe('TEXTAREA');
    expect(standIn.getAttribute('placeholder')).toBe('Type your message...');
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    // Enter sends only once the editor is here, so it adds no line meanwhile; Shift+Enter does.
    expect(fireEvent.keyDown(standIn, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(standIn, { key: 'Enter', shiftKey: true })).toBe(true);

    standIn.focus();
    fireEvent.change(standIn, { target: { value: 'Hello\nthere ' } });
    ref.current!.mentionNote({ id: 'note-1', name: 'Groceries' });

    const { textbox, editor } = await loadedEditor();
    expect(textbox.getAttribute('aria-placeholder')).toBe('Type your message...');
    await waitFor(() => expect(text(editor)).toBe('Hello\nthere @Groceries'));
    expect([...textbox.querySelectorAll('[data-beautiful-mention]')].map((node) => node.textContent)).toEqual([
      '@Groceries',
    ]);
    // Where the focus goes is checked in a real browser (e2e/chat-composer.spec.ts): jsdom's focus and Lexical's differ.
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Hello\nthere @Groceries', noteIds: ['note-1'] }),
    );
  });

  it('passes the handle through to the editor once it is there', async () => {
    const { ref } = await renderLazyComposer();
    const { textbox, editor } = await loadedEditor();
    ref.current!.insertText('More');
    ref.current!.focus();
    expect(text(editor)).toBe('More');
    expect(document.activeElement).toBe(textbox);
  });
});
