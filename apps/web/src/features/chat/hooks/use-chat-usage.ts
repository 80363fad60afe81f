import { useCallback, useEffect, useState } from 'react';
import type { ChatUsage } from '@turtle/shared/entitlements';
import { getChatUsage } from '../api/conversations';
import { isAbort } from '../../../lib/error-message';

/** Today's replies against the plan's limit (`GET /api/chat/usage`); null until known or when it cannot load. */
export function useChatUsage(): { usage: ChatUsage | null; refresh(): void } {
  const [usage, setUsage] = useState<ChatUsage | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    getChatUsage(controller.signal)
      .then(setUsage)
      .catch((failure: unknown) => {
        // The meter is a help, not a gate: the server still enforces the limit.
        if (!isAbort(failure)) setUsage(null);
      });
    return () => controller.abort();
  }, [tick]);
  const refresh = useCallback(() => setTick((count) => count + 1), []);
  return { usage, refresh };
}
