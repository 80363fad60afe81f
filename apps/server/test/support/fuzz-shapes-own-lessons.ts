import fc from 'fast-check';
import { getAt, type Shape } from './fuzz-shape-parts';
import { filled, nasty } from './fuzz-text';

const vtt = fc
  .array(fc.tuple(fc.nat({ max: 30 }), filled), { minLength: 1, maxLength: 3 })
  .map((cues) =>
    [
      'WEBVTT',
      '',
      ...cues.flatMap(([second, text]) => [`00:00:${String(second).padStart(2, '0')}.000 --> 00:00:31.000`, text, '']),
    ].join('\n'),
  );

/** The learner's own lessons (docs/decisions/046-own-lessons.md): ids nobody has, nasty text, bytes that are not audio. */
export const OWN_LESSON_SHAPES: Record<string, Shape> = {
  'POST /api/lessons/mine/audio': {
    requests: () =>
      fc.uint8Array({ minLength: 0, maxLength: 64 }).map((bytes) => ({ path: '/api/lessons/mine/audio', bytes })),
  },
  'POST /api/lessons/mine': {
    requests: () =>
      fc
        .record({ title: fc.oneof(filled, nasty), uploadId: nasty, transcript: fc.oneof(vtt, nasty) })
        .map((json) => ({ path: '/api/lessons/mine', json })),
  },
  'POST /api/lessons/mine/text': {
    requests: () =>
      fc
        .record({
          title: fc.oneof(filled, nasty),
          text: fc.oneof(filled, nasty),
          format: fc.oneof(fc.constantFrom('text', 'markdown'), nasty),
        })
        .map((json) => ({ path: '/api/lessons/mine/text', json })),
  },
  'POST /api/lessons/mine/transcribe': {
    requests: () =>
      fc
        .record({ title: fc.oneof(filled, nasty), uploadId: nasty })
        .map((json) => ({ path: '/api/lessons/mine/transcribe', json })),
  },
  'POST /api/lessons/mine/rename': {
    requests: () => fc.record({ id: nasty, title: nasty }).map((json) => ({ path: '/api/lessons/mine/rename', json })),
  },
  'POST /api/lessons/mine/sentence': {
    requests: () =>
      fc
        .record({
          id: nasty,
          index: fc.oneof(fc.nat({ max: 5 }), nasty),
          sentence: fc.oneof(filled, nasty),
          startMs: fc.nat(),
        })
        .map((json) => ({ path: '/api/lessons/mine/sentence', json })),
  },
  'POST /api/lessons/mine/delete': {
    requests: () => nasty.map((id) => ({ path: '/api/lessons/mine/delete', json: { id } })),
  },
  'GET /api/lessons/mine/:id': { requests: getAt('/api/lessons/mine/', () => nasty) },
  'GET /api/lessons/mine/:id/audio': { requests: getAt('/api/lessons/mine/', () => nasty, '/audio') },
};
