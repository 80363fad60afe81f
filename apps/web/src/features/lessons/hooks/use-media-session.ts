import { useEffect } from 'react';
import { LESSON_SERIES_TITLE, LESSON_SKIP_STEP_SECONDS } from '@turtle/shared/constants';
import type { LessonAudioControls } from './use-lesson-audio';

/**
 * rules.md "Lessons": the browser's media controls (lock screen, headset keys, the tab's media hub) show the lesson
 * and drive the same controls as the page, except while the tutor pane is open.
 */
export function useMediaSession(
  title: string,
  controls: LessonAudioControls,
  state: { enabled: boolean; playing: boolean; positionMs: number; durationMs: number; rate: number },
): void {
  const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;

  useEffect(() => {
    if (!session || typeof MediaMetadata === 'undefined') return;
    session.metadata = new MediaMetadata({ title, artist: 'Turtle', album: LESSON_SERIES_TITLE });
    return () => {
      session.metadata = null;
    };
  }, [session, title]);

  useEffect(() => {
    if (!session) return;
    const skipMs = LESSON_SKIP_STEP_SECONDS * 1000;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = state.enabled
      ? [
          ['play', () => controls.play()],
          ['pause', () => controls.pause()],
          ['seekbackward', (details) => controls.skip(-(details.seekOffset ?? skipMs / 1000) * 1000)],
          ['seekforward', (details) => controls.skip((details.seekOffset ?? skipMs / 1000) * 1000)],
          ['seekto', (details) => details.seekTime !== undefined && controls.seek(details.seekTime * 1000)],
        ]
      : [];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not know the action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [session, controls, state.enabled]);

  useEffect(() => {
    if (!session) return;
    session.playbackState = state.playing ? 'playing' : 'paused';
  }, [session, state.playing]);

  const { durationMs, positionMs, rate } = state;
  useEffect(() => {
    if (!session?.setPositionState || durationMs <= 0) return;
    try {
      session.setPositionState({
        duration: durationMs / 1000,
        position: Math.min(positionMs, durationMs) / 1000,
        playbackRate: rate,
      });
    } catch {
      // A position the browser refuses (rounding at the very end): the next one will do.
    }
    // Once a second is plenty: the browser extrapolates between updates.
  }, [session, durationMs, Math.floor(positionMs / 1000), rate]); // eslint-disable-line react-hooks/exhaustive-deps
}
