// @vitest-environment jsdom
import './test-pointer';
import {
  $createLineBreakNode,
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  createEditor,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';
import { $createBeautifulMentionNode, BeautifulMentionNode } from 'lexical-beautiful-mentions';
import { describe, expect, it } from 'vitest';
import { ComposerMessageSchema } from '@turtle/shared/conversation';
import { $getComposerText, $getMentionedNoteIds, readComposerMessage } from './composer-message';
import { COMPOSER_THEME } from './composer-theme';

type Inline = string | { br: true } | { trigger: string; value: string; id?: string };

/** An editor holding one paragraph per entry of `paragraphs`. */
function editorWith(...paragraphs: Inline[][]): LexicalEditor {
  const editor = createEditor({
    namespace: 'test',
    theme: COMPOSER_THEME,
    nodes: [BeautifulMentionNode],
    onError: (error) => {
      throw error;
    },
  });
  editor.update(
    () => {
      const root = $getRoot().clear();
      for (const inlines of paragraphs) {
        const paragraph = $createParagraphNode();
        paragraph.append(
          ...inlines.map((inline): LexicalNode => {
            if (typeof inline === 'string') return $createTextNode(inline);
            if ('br' in inline) return $createLineBreakNode();
            return $createBeautifulMentionNode(
              inline.trigger,
              inline.value,
              inline.id === undefined ? undefined : { id: inline.id },
            );
          }),
        );
        root.append(paragraph);
      }
    },
    { discrete: true },
  );
  return editor;
}

const groceries = { trigger: '@', value: 'Groceries', id: 'n1' };
const readingList = { trigger: '@', value: 'Reading list', id: 'n2' };

describe('$getComposerText', () => {
  it('reads a mention as trigger plus value', () => {
    const editor = editorWith(['What is on ', groceries, ' this week?']);
    expect(editor.read($getComposerText)).toBe('What is on @Groceries this week?');
  });

  it('keeps line breaks and puts each paragraph on its own line, trimmed at both ends', () => {
    const editor = editorWith(['  first', { br: true }, 'second'], ['third  '], []);
    expect(editor.read($getComposerText)).toBe('first\nsecond\nthird');
  });

  it('is empty for an empty or blank message', () => {
    expect(editorWith([]).read($getComposerText)).toBe('');
    expect(editorWith(['   '], [{ br: true }], ['\t']).read($getComposerText)).toBe('');
  });
});

describe('$getMentionedNoteIds', () => {
  it('lists each mentioned note once, in order, and ignores other triggers and mentions without a note', () => {
    const editor = editorWith(
      [readingList, ' and ', groceries],
      [groceries, ' ', { trigger: '#', value: 'tag', id: 'x' }, ' ', { trigger: '@', value: 'Someone new' }],
    );
    expect(editor.read($getMentionedNoteIds)).toEqual(['n2', 'n1']);
  });

  it('is empty without mentions', () => {
    expect(editorWith(['hello']).read($getMentionedNoteIds)).toEqual([]);
  });
});

describe('readComposerMessage', () => {
  it('carries the text, the HTML, the serialized editor state and the note ids', () => {
    const editor = editorWith(['Summarise ', groceries, ' please'], ['<img src=x onerror=alert(1)>']);
    const message = readComposerMessage(editor);

    expect(message.content).toBe('Summarise @Groceries please\n<img src=x onerror=alert(1)>');
    expect(message.noteIds).toEqual(['n1']);

    const html = new DOMParser().parseFromString(message.htmlContent!, 'text/html').body;
    expect(html.querySelectorAll('p')).toHaveLength(2);
    const mention = html.querySelector('[data-lexical-beautiful-mention]');
    expect(mention?.textContent).toBe('@Groceries');
    expect(mention?.getAttribute('data-lexical-beautiful-mention-data')).toBe('{"id":"n1"}');
    // Typed markup stays text.
    expect(html.querySelector('img')).toBeNull();
    expect(html.textContent).toContain('<img src=x onerror=alert(1)>');

    const state = JSON.parse(message.lexicalContent!);
    expect(state.root.children).toHaveLength(2);
    expect(state.root.children[0].children[1]).toMatchObject({
      type: 'beautifulMention',
      trigger: '@',
      value: 'Groceries',
      data: { id: 'n1' },
    });
    // The state round-trips into an editor.
    expect(editor.parseEditorState(message.lexicalContent!).read($getComposerText)).toBe(message.content);

    expect(ComposerMessageSchema.parse(message)).toEqual(message);
  });
});
