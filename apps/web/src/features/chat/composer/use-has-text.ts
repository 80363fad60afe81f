import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useState } from 'react';
import { $getComposerText } from './composer-message';

/** Whether the message has any text once trimmed (product.md §4: send is disabled otherwise). */
export function useHasText(): boolean {
  const [editor] = useLexicalComposerContext();
  const [hasText, setHasText] = useState(() => editor.getEditorState().read(() => $getComposerText() !== ''));
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        setHasText(editorState.read(() => $getComposerText() !== ''));
      }),
    [editor],
  );
  return hasText;
}
