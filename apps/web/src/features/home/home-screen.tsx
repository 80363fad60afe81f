import { FileText, MessagesSquare } from 'lucide-react';
import { useNoteList } from '../../lib/notes/use-note-list';
import { useServerQuery } from '../../lib/query/use-server-query';
import { useTurtleStore } from '../../lib/turtle-store';
import { conversationsQuery } from './api/home-reads';
import { DueCardsTile } from './components/due-cards-tile';
import { RecentList } from './components/recent-list';
import { ResumeLessonTile } from './components/resume-lesson-tile';

const RECENT = 3;

/**
 * `/` for a signed-in person (decision 019): sign-in lands on `/` as product.md §2 says, and `/` opens on their work: the
 * cards due, the lesson to resume, the last conversations and notes, each one click away. The product's pitch
 * follows below it.
 */
export default function HomeScreen() {
  const name = useTurtleStore((state) => state.user.name);
  const conversations = useServerQuery(conversationsQuery);
  const notes = useNoteList();
  const firstName = name.trim().split(/\s+/)[0] ?? '';
  return (
    <section aria-labelledby="home-title" className="border-b border-slate-200 bg-slate-50/70">
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 id="home-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
        </h1>
        <p className="mt-1 text-slate-600">Here is what is waiting for you.</p>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <DueCardsTile />
          <ResumeLessonTile />
          <RecentList
            icon={MessagesSquare}
            title="Recent chats"
            state={conversations.isError ? 'failed' : conversations.data ? 'ready' : 'loading'}
            items={(conversations.data ?? []).slice(0, RECENT).map((conversation) => ({
              id: conversation.id,
              title: conversation.title,
              to: `/chats?c=${encodeURIComponent(conversation.id)}`,
            }))}
            empty={{ text: 'No conversations yet.', link: { to: '/chats', label: 'Ask the assistant' } }}
            all={{ to: '/chats', label: 'All chats' }}
          />
          <RecentList
            icon={FileText}
            title="Recent notes"
            state={notes.status === 'failed' ? 'failed' : notes.status === 'loading' ? 'loading' : 'ready'}
            items={notes.notes
              .slice(0, RECENT)
              .map((note) => ({ id: note.id, title: note.name, to: `/note/${note.id}` }))}
            empty={{ text: 'No notes yet.', link: { to: '/note/new', label: 'Write a note' } }}
            all={{ to: '/notes', label: 'All notes' }}
          />
        </div>
      </div>
    </section>
  );
}
