import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardAllowance } from '@turtle/shared/cards';
import type { CardDraft, DraftSourceRef } from '@turtle/shared/cards-drafts';
import { errorMessage, isAbort } from '../../../lib/error-message';
import { generateDrafts } from '../api/generate-drafts';
import { listDrafts } from '../api/list-drafts';

export type DraftsStatus = 'drafting' | 'loading' | 'ready' | 'failed';

/**
 * The tray. Opened with a source ("Make cards"), it first asks the assistant to draft from it, once: `onDrafted`
 * then drops the source from the address, so a reload does not draft (and spend a reply) again.
 */
export function useDrafts(source: DraftSourceRef | undefined, onDrafted: () => void) {
  const [status, setStatus] = useState<DraftsStatus>(source ? 'drafting' : 'loading');
  const [drafts, setDrafts] = useState<CardDraft[]>([]);
  const [allowance, setAllowance] = useState<CardAllowance | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const started = useRef<DraftSourceRef | undefined>(undefined);

  useEffect(() => {
    if (source) {
      // Strict mode runs effects twice in development: draft once per source.
      if (started.current === source) return;
      started.current = source;
      setStatus('drafting');
      generateDrafts(source)
        .then((response) => {
          setDrafts(response.drafts);
          setAllowance(response.allowance);
          setAdded(response.added);
          setStatus('ready');
        })
        .catch(async (caught: unknown) => {
          setError(errorMessage(caught));
          // The tray still shows what was already in it.
          const response = await listDrafts().catch(() => null);
          if (response) {
            setDrafts(response.drafts);
            setAllowance(response.allowance);
          }
          setStatus(response ? 'ready' : 'failed');
        })
        .finally(onDrafted);
      return;
    }
    if (started.current) return;
    const controller = new AbortController();
    listDrafts(controller.signal)
      .then((response) => {
        setDrafts(response.drafts);
        setAllowance(response.allowance);
        setStatus('ready');
      })
      .catch((caught: unknown) => {
        if (isAbort(caught)) return;
        setError(errorMessage(caught));
        setStatus('failed');
      });
    return () => controller.abort();
  }, [source, onDrafted]);

  const remove = useCallback((ids: string[]) => {
    setDrafts((current) => current.filter((draft) => !ids.includes(draft.id)));
  }, []);

  return { status, drafts, allowance, setAllowance, error, setError, added, remove };
}
