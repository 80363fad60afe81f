import { useParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { useNote } from '../hooks/use-note';
import { NoteEditor } from './note-editor';
import { NoteLoadFailed, NoteNotFound } from './note-not-found';

function ExistingNoteEditor({ id }: { id: string }) {
  const state = useNote(id);
  switch (state.status) {
    case 'loading':
      return <PageSpinner />;
    case 'notFound':
      return <NoteNotFound />;
    case 'failed':
      return <NoteLoadFailed onRetry={state.retry} />;
    case 'ready':
      return <NoteEditor note={state.note} />;
  }
}

/** /note/new and /note/{id} (product.md §2 "Note editor"). Another id gets a fresh editor (`key`), never the last one's text. */
export function NoteEditorScreen() {
  const { id } = useParams();
  return id === undefined ? <NoteEditor /> : <ExistingNoteEditor key={id} id={id} />;
}
