import { Menu } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CHAT_INPUT_REFOCUS_DELAY_MS } from '@turtle/shared/constants';
import type { ConversationSummary } from '@turtle/shared/conversation';
import { Button } from '../../../components/ui/button';
import { ModelPicker } from '../../../components/model-picker';
import { PageSpinner } from '../../../components/ui/spinner';
import { useChosenModel } from '../../../lib/chosen-model';
import { noteListQuery, useNoteList } from '../../../lib/notes/use-note-list';
import { queryClient } from '../../../lib/query/query-client';
import type { ComposerHandle } from '../composer/composer';
import { LazyComposer } from '../composer/lazy-composer';
import { useChat } from '../hooks/use-chat';
import { chatUsageQuery, useChatUsage } from '../hooks/use-chat-usage';
import { conversationListQuery, useConversationList } from '../hooks/use-conversation-list';
import { MessageList } from '../messages/message-list';
import { ConversationDrawer } from './conversation-drawer';
import { ConversationSidebar } from './conversation-sidebar';
import { DeleteConversationDialog } from './delete-conversation-dialog';
import { LimitReached, limitReachedText } from './limit-reached';
import { MentionTips } from './mention-tips';
import { OfflineBadge } from './offline-badge';
import { ScopePicker, useRetrievalScope } from './scope-picker';
import { UsageMeter } from './usage-meter';

const isCoarsePointer = () => window.matchMedia('(pointer: coarse)').matches;

/** The chat screen's first reads, started with its chunk (the route's prefetch, decision 026). */
export function prefetchChat(): void {
  void queryClient.prefetchQuery(conversationListQuery);
  void queryClient.prefetchQuery(chatUsageQuery);
  void queryClient.prefetchQuery(noteListQuery);
}

/**
 * The chat screen (product.md §2 "Chat screen", rules.md "Chat"): the kept conversations beside (a drawer on phones),
 * the open conversation's messages, and the composer at the bottom. `/chats` resumes the latest conversation;
 * `?c=<id>` opens one, `?new=1` starts a new one. Opening it loads the notes for the @ menu (product.md §2).
 */
export function ChatsScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const requestedId = params.get('c');
  const startNew = params.get('new') !== null;
  const list = useConversationList();
  const { usage, refresh: refreshUsage } = useChatUsage();
  const { notes, status: notesStatus } = useNoteList();
  const composer = useRef<ComposerHandle>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);

  const conversationId = requestedId ?? null;

  const onCreated = useCallback(
    (conversation: ConversationSummary) => {
      list.upsert(conversation);
      setParams({ c: conversation.id }, { replace: true });
    },
    [list, setParams],
  );
  const onReplyEnded = useCallback(() => {
    list.refresh();
    refreshUsage();
    // product.md §2: focus returns to the composer 100 ms after a reply, except on touch devices, and never away from
    // something the person has moved to meanwhile (a menu just opened would close).
    if (isCoarsePointer()) return;
    const focusedAtEnd = document.activeElement;
    setTimeout(() => {
      const focused = document.activeElement;
      if (focused === focusedAtEnd || focused === document.body || focused === null) composer.current?.focus();
    }, CHAT_INPUT_REFOCUS_DELAY_MS);
  }, [list, refreshUsage]);
  const { model } = useChosenModel();
  const scope = useRetrievalScope();
  const chat = useChat({ conversationId, model, scope: scope.scope, onCreated, onReplyEnded });

  // `/chats` alone resumes the latest conversation (or starts a new one when there is none). Not while this page is
  // writing a reply: the conversation its first message made is in the list a moment before it is in the address,
  // and taking it for one to resume would blank the messages in between.
  const resumeId = !requestedId && !startNew && list.loaded && !chat.busy ? (list.conversations[0]?.id ?? null) : null;
  useEffect(() => {
    if (resumeId) setParams({ c: resumeId }, { replace: true });
  }, [resumeId, setParams]);
  const waitingToResume = !requestedId && !startNew && !chat.busy && (!list.loaded || resumeId !== null);

  const title = useMemo(
    () => list.conversations.find((conversation) => conversation.id === conversationId)?.title ?? 'New chat',
    [list.conversations, conversationId],
  );
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const onDeleted = (id: string) => {
    list.remove(id);
    if (id === conversationId) navigate('/chats?new=1', { replace: true });
  };
  const lastIsReply = chat.messages.at(-1)?.role === 'assistant';
  const loadingConversation = waitingToResume || chat.loading;
  // At "0 of N left" the composer does not take a message the server would refuse (docs/product.md "Chat screen").
  const atLimit = usage !== null && usage.remaining <= 0 && !chat.busy;
  const sidebar = (
    <ConversationSidebar list={list} activeId={conversationId} onNavigate={closeDrawer} onDelete={setDeleting} />
  );

  return (
    <div className="flex h-[calc(100dvh-4.0625rem)] bg-white">
      <aside className="hidden w-72 shrink-0 border-r border-slate-200 bg-slate-50 md:block">{sidebar}</aside>
      <ConversationDrawer open={drawerOpen} onClose={closeDrawer}>
        {sidebar}
      </ConversationDrawer>

      <section aria-label="Chat" className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center gap-2 border-b border-slate-100 px-3 py-2 sm:px-4">
          <button
            type="button"
            aria-label="Show conversations"
            onClick={() => setDrawerOpen(true)}
            className="inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 md:hidden"
          >
            <Menu aria-hidden className="size-5" />
          </button>
          <h1 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-800">{title}</h1>
          <OfflineBadge />
        </div>

        {loadingConversation ? (
          <div className="flex-1">
            <PageSpinner />
          </div>
        ) : chat.notFound ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
            <p className="text-slate-700">That conversation does not exist.</p>
            <Button variant="secondary" onClick={() => navigate('/chats?new=1', { replace: true })}>
              Start a new chat
            </Button>
          </div>
        ) : (
          <MessageList
            className="min-h-0 flex-1"
            messages={chat.messages}
            live={chat.live}
            onRegenerate={!chat.busy && lastIsReply ? chat.regenerate : undefined}
            makeCards
            focusMessageId={params.get('m')}
            unsent={chat.unsent && { id: chat.unsent.id, onRetry: chat.unsent.canRetry ? chat.retry : undefined }}
            emptyState={<MentionTips notes={notes} onMention={(note) => composer.current?.mentionNote(note)} />}
          />
        )}

        <div className="mx-auto w-full max-w-4xl px-3 pt-2 pb-3 sm:px-6">
          {atLimit && <LimitReached usage={usage} />}
          {chat.error && !atLimit && (
            <p role="alert" className="mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
              {chat.error}
            </p>
          )}
          <LazyComposer
            ref={composer}
            screenShown={!loadingConversation}
            notes={notes}
            notesLoading={notesStatus === 'loading' && notes.length === 0}
            disabled={chat.busy || chat.notFound}
            blockedReason={atLimit ? limitReachedText(usage) : undefined}
            onStop={chat.busy ? chat.stop : undefined}
            onSend={chat.send}
          />
          <div className="mt-1.5 flex min-h-8 flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <UsageMeter usage={usage} />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <ScopePicker state={scope} />
              <ModelPicker />
            </div>
          </div>
        </div>
      </section>

      <DeleteConversationDialog conversation={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
    </div>
  );
}
