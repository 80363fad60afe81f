import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_MODEL } from '@turtle/shared/constants';
import { postChatStream } from '../lib/post-chat-stream';
import { readChatStream } from '../lib/read-chat-stream';

export const TEST_STREAM_URL = '/api/test/stream';
const FAILED_MESSAGE = 'The assistant failed. Please try again.';
export const LENGTH_WARNING = 'The model stopped early: it reached its length limit.';

/** SPEC 4's stream states. */
export type TestStreamStatus = 'idle' | 'streaming' | 'done' | 'error' | 'stopped';

/**
 * The /test screen's one stream: sends one message, fills `output` token by token. An error (a failed request, the
 * daily limit, a chunk with `finish_reason: "error"`) is kept as `error` and logged; Stop aborts the request and
 * keeps what had arrived. Leaving the page aborts too.
 */
export function useTestStream() {
  const [output, setOutput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<TestStreamStatus>('idle');
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const send = useCallback(async (content: string) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setOutput('');
    setError(null);
    setStatus('streaming');
    let failed = false;
    try {
      const body = await postChatStream(
        TEST_STREAM_URL,
        { messages: [{ role: 'user', content }], model: DEFAULT_MODEL },
        controller.signal,
      );
      for await (const chunk of readChatStream(body)) {
        if (chunk.token) setOutput((text) => text + chunk.token);
        if (chunk.finish_reason === 'length') console.warn(LENGTH_WARNING);
        if (chunk.finish_reason === 'error') {
          failed = true;
          console.error('The stream ended with an error:', chunk.error);
          setError(chunk.error || FAILED_MESSAGE);
        }
      }
    } catch (caught) {
      if (!controller.signal.aborted) {
        failed = true;
        console.error('The stream failed:', caught);
        setError(caught instanceof Error && caught.message ? caught.message : FAILED_MESSAGE);
      }
    } finally {
      if (current.current === controller) {
        current.current = null;
        setStatus(controller.signal.aborted ? 'stopped' : failed ? 'error' : 'done');
      }
    }
  }, []);

  const stop = useCallback(() => current.current?.abort(), []);

  return { output, error, status, streaming: status === 'streaming', send, stop };
}
