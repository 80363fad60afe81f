import { useCallback, useEffect, useRef, useState } from 'react';
import { SPEC_MODEL } from '@turtle/shared/constants';
import { postChatStream } from '../../../lib/chat-stream/post-chat-stream';
import { readChatStream } from '../../../lib/chat-stream/read-chat-stream';
import { useChosenModel } from '../../../lib/chosen-model';

export const TEST_STREAM_URL = '/api/test/stream';
const FAILED_MESSAGE = 'The assistant failed. Please try again.';
export const LENGTH_WARNING = 'The model stopped early: it reached its length limit.';

/** product.md §4's stream states. */
export type TestStreamStatus = 'idle' | 'streaming' | 'done' | 'error' | 'stopped';

/**
 * The /test screen's one stream: sends one message, fills `output` token by token. An error (a failed request, the
 * daily limit, a chunk with `finish_reason: "error"`) is kept as `error` and logged; Stop aborts the request and
 * keeps what had arrived. Leaving the page aborts too.
 */
export function useTestStream() {
  const { model } = useChosenModel();
  const [output, setOutput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<TestStreamStatus>('idle');
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const send = useCallback(
    async (content: string) => {
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
          // product.md §7: the spec's client names "gpt-4.1-mini"; the server reads it as its default (issue 26).
          { messages: [{ role: 'user', content }], model: model ?? SPEC_MODEL },
          controller.signal,
        );
        for await (const event of readChatStream(body)) {
          if (event.type === 'token') setOutput((text) => text + event.token);
          if (event.type === 'finish' && event.reason === 'length') console.warn(LENGTH_WARNING);
          if (event.type === 'error') {
            failed = true;
            console.error('The stream ended with an error:', event.message);
            setError(event.message);
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
    },
    [model],
  );

  const stop = useCallback(() => current.current?.abort(), []);

  return { output, error, status, streaming: status === 'streaming', send, stop };
}
