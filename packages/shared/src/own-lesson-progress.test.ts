import { describe, expect, it } from 'vitest';
import { jobProgressText } from './own-lesson-helpers';

/** docs/decisions/049-voicing-own-lessons.md and 051-transcribing-own-lessons.md: the card of a lesson being made. */
describe('the progress on a lesson being made', () => {
  it('counts sentences voiced, or minutes of audio transcribed', () => {
    expect(jobProgressText({ status: 'running', progress: { done: 12, total: 40 } })).toBe(
      'Voicing 12 of 40 sentences',
    );
    expect(jobProgressText({ status: 'running', progress: { done: 190_400, total: 1_440_000, of: 'audio' } })).toBe(
      'Transcribing 3:10 of 24:00',
    );
    expect(jobProgressText({ status: 'running', progress: { done: 0, total: 1_440_000, of: 'audio' } })).toBe(
      'Transcribing 0:00 of 24:00',
    );
    expect(jobProgressText({ status: 'queued', progress: { done: 0, total: 1_440_000, of: 'audio' } })).toBe(
      'Waiting to start…',
    );
  });
});
