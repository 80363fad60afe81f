import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardAllowance } from '@turtle/shared/cards';
import type { DraftSourceRef, ListDraftsResponse } from '@turtle/shared/cards-drafts';
import { errorMessage } from '../../../../lib/error-message';
import { queryClient } from '../../../../lib/query/query-client';
import { queryKeys } from '../../../../lib/query/query-keys';
import { useServerMutation } from '../../../../lib/query/use-server-mutation';
import { useServerQuery } from '../../../../lib/query/use-server-query';
import { generateDrafts } from '../api/generate-drafts';
import { listDrafts } from '../api/list-drafts';
import { cardsChanged } from '../../shared/lib/cards-changed';

export type DraftsStatus = 'drafting' | 'loading' | 'ready' | 'failed';

const NONE: ListDraftsResponse['drafts'] = [];

const editTray = (change: (tray: ListDraftsResponse) => ListDraftsResponse) =>
  queryClient.setQueryData<ListDraftsResponse>(queryKeys.drafts, (tray) => tray && change(tray));

/**
 * The tray. Opened with a source ("Make cards"), it first asks the assistant to draft from it, once: `onDrafted`
 * then drops the source from the address, so a reload does not draft (and spend a reply) again. The tray is read
 * only after that (a read running beside the drafting could answer with the tray from before it).
 */
export function useDrafts(source: DraftSourceRef | undefined, onDrafted: () => void) {
  const [added, setAdded] = useState<number | null>(null);
  const started = useRef<DraftSourceRef | undefined>(undefined);
  const generating = useServerMutation(async (from: DraftSourceRef) => {
    try {
      const response = await generateDrafts(from);
      queryClient.setQueryData<ListDraftsResponse>(queryKeys.drafts, {
        drafts: response.drafts,
        allowance: response.allowance,
      });
      setAdded(response.added);
      cardsChanged();
    } finally {
      // The tray is read next, and after a failure still shows what was already in it.
      onDrafted();
    }
  });
  // From the first render with a source until its drafting has settled.
  const drafting = source !== undefined && !generating.done && !generating.failure;
  const { run: draft } = generating;
  const tray = useServerQuery({
    queryKey: queryKeys.drafts,
    queryFn: ({ signal }) => listDrafts(signal),
    enabled: !drafting,
  });

  useEffect(() => {
    // Strict mode runs effects twice in development: draft once per source.
    if (!source || started.current === source) return;
    started.current = source;
    void draft(source);
  }, [source, draft]);

  const failed = !drafting && tray.data === undefined && tray.isError && !tray.isFetching;
  const status: DraftsStatus = drafting ? 'drafting' : tray.data ? 'ready' : failed ? 'failed' : 'loading';
  return {
    status,
    drafts: tray.data?.drafts ?? NONE,
    allowance: tray.data?.allowance ?? null,
    setAllowance: useCallback((allowance: CardAllowance) => editTray((current) => ({ ...current, allowance })), []),
    error: generating.error ?? (failed ? errorMessage(tray.error) : null),
    /** Forgets why the drafting failed (once drafts were accepted, the message is old news). */
    forgetDraftingError: generating.reset,
    added,
    remove: useCallback(
      (ids: string[]) =>
        editTray((current) => ({ ...current, drafts: current.drafts.filter((draft) => !ids.includes(draft.id)) })),
      [],
    ),
  };
}
