import { useCallback, useState } from 'react';
import { SPEC_MODEL } from '@turtle/shared/constants';
import { chatEndpoints } from '@turtle/shared/endpoints/chat';
import { useChosenModel } from '../../../lib/chosen-model';
import { useAssistantStream, type AssistantStreamEnd } from '../../../lib/chat-stream/use-assistant-stream';

const FAILED_MESSAGE = 'The assistant failed. Please try again.';
export const LENGTH_WARNING = 'The model stopped early: it reached its length limit.';

/** product.md §4's stream states. */
export type TestStreamStatus = 'idle' | 'streaming' | 'done' | 'error' | 'stopped';

/** The status a stream's end leaves, and the error it shows (logged); a stream let go leaves nothing. */
function settle(end: AssistantStreamEnd): { status: TestStreamStatus; error?: string } | null {
  switch (end.kind) {
    case 'finished':
      if (end.reason === 'length') console.warn(LENGTH_WARNING);
      return { status: 'done' };
    case 'cut-off':
      return { status: 'done' };
    case 'failed':
      console.error('The stream ended with an error:', end.message);
      return { status: 'error', error: end.message };
    case 'request-failed': {
      const caught = end.failure;
      console.error('The stream failed:', caught);
      return { status: 'error', error: caught instanceof Error && caught.message ? caught.message : FAILED_MESSAGE };
    }
    case 'stopped':
      return { status: 'stopped' };
    case 'let-go':
      return null;
  }
}

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
  const stream = useAssistantStream();

  const send = useCallback(
    async (content: string) => {
      setOutput('');
      setError(null);
      setStatus('streaming');
      const end = await stream.start(
        {
          endpoint: chatEndpoints.testStream,
          // product.md §7: the spec's client names "gpt-4.1-mini"; the server reads it as its default.
          body: { messages: [{ role: 'user', content }], model: model ?? SPEC_MODEL },
        },
        { token: (token) => setOutput((text) => text + token) },
      );
      const settled = settle(end);
      if (!settled) return;
      if (settled.error !== undefined) setError(settled.error);
      setStatus(settled.status);
    },
    [model, stream],
  );

  return { output, error, status, streaming: status === 'streaming', send, stop: stream.stop };
}
