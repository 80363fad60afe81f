// @vitest-environment jsdom
import './test-pointer';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { $createParagraphNode, $createTextNode, $getRoot, type LexicalEditor } from 'lexical';
import { $createBeautifulMentionNode } from 'lexical-beautiful-mentions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComposerMessage } from '@turtle/shared/conversation';
import type { Note } from '@turtle/shared/note';
import { useTurtleStore } from '../../../lib/turtle-store';
import { Composer } from './composer';

// product.md §4 "Message content" (docs/spec-conformance.md): "A note mention expands to that note's content when
// canExpandNotes is on, otherwise it shows trigger plus value."

const NOTES: Note[] = [
  { id: 'n1', name: 'Groceries', content: 'Milk and eggs', createdAt: 1, updatedAt: 1, lastAccessAt: 1 },
];

afterEach(() => {
  cleanup();
  useTurtleStore.getState().setCanExpandNotes(false);
});

/** Renders the composer, fills it with text around a mention of `@Groceries` (or of a note not in the list) and sends. */
async function send(mentionId = 'n1'): Promise<ComposerMessage> {
  const onSend = vi.fn<(message: ComposerMessage) => void>();
  render(<Composer notes={NOTES} onSend={onSend} />);
  const textbox = screen.getByRole('textbox', { name: 'Message' });
  const editor = (textbox as HTMLElement & { __lexicalEditor: LexicalEditor }).__lexicalEditor;
  await act(async () => {
    editor.update(
      () => {
        const paragraph = $createParagraphNode().append(
          $createTextNode('Summarise '),
          $createBeautifulMentionNode('@', 'Groceries', { id: mentionId }),
          $createTextNode(' please'),
        );
        $getRoot().clear().append(paragraph);
      },
      { discrete: true },
    );
  });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send message' })));
  expect(onSend).toHaveBeenCalledTimes(1);
  return onSend.mock.calls[0]![0];
}

describe('a note mention in the message content', () => {
  it('shows trigger plus value while canExpandNotes is off (the default)', async () => {
    expect(useTurtleStore.getState().canExpandNotes).toBe(false);
    expect((await send()).content).toBe('Summarise @Groceries please');
  });

  it("expands to that note's content when canExpandNotes is on", async () => {
    useTurtleStore.getState().setCanExpandNotes(true);
    const message = await send();
    expect(message.content).toBe('Summarise Milk and eggs please');
    expect(message.noteIds).toEqual(['n1']);
  });

  it('keeps trigger plus value for a mention of a note it does not have, even with canExpandNotes on', async () => {
    useTurtleStore.getState().setCanExpandNotes(true);
    expect((await send('gone')).content).toBe('Summarise @Groceries please');
  });
});
